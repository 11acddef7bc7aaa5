#!/usr/bin/env node
// Compares a Strapi project's frontend REST queries on Kiln and on a Strapi 5
// peer loaded with the same schema and the same generated entries.
//
//   node compare.js peer-setup  --src <src> --peer-dir <dir> --project <p.json> [--custom-fields <yaml>]
//   node compare.js kiln-config --src <src> --out <dir> --project <p.json> [--custom-fields <yaml>]
//   node compare.js load        --src <src> --base <url> --token <t> --project <p.json> --out <map.json> [--custom-fields <yaml>]
//   node compare.js compare     --project <p.json> --kiln <url> --kiln-map <f> --kiln-token <t>
//                               --peer <url> --peer-map <f> --peer-token <t> [--verbose]
//
// Node 20, no dependencies. run.sh strings the steps together.
'use strict';
const fs = require('fs');
const path = require('path');

// ---------- arguments ----------
function args() {
  const a = { _: [] };
  const v = process.argv.slice(2);
  for (let i = 0; i < v.length; i++) {
    if (v[i].startsWith('--')) {
      const k = v[i].slice(2);
      if (i + 1 < v.length && !v[i + 1].startsWith('--')) a[k] = v[++i];
      else a[k] = true;
    } else a._.push(v[i]);
  }
  return a;
}

// ---------- schema ----------
const readJSON = (f) => JSON.parse(fs.readFileSync(f, 'utf8'));
const dirs = (d) => (fs.existsSync(d) ? fs.readdirSync(d).filter((n) => fs.statSync(path.join(d, n)).isDirectory()) : []);

// Base types of the custom fields the projects use, as Kiln's table has them
// (core/schema/customfields.go); --custom-fields adds a project's own.
const CUSTOM_FIELDS = {
  'plugin::ckeditor5.CKEditor': 'richtext',
  'plugin::ckeditor.CKEditor': 'richtext',
  'plugin::tiptap-editor.RichText': 'text',
  'plugin::color-picker.color': 'string',
  'plugin::multi-select.multi-select': 'json',
};

function customFields(file) {
  const m = { ...CUSTOM_FIELDS };
  if (file && fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      const r = /^\s*"?([^":#]+::[^":]+)"?\s*:\s*(\w+)/.exec(line);
      if (r) m[r[1]] = r[2];
    }
  }
  return m;
}

// The schema files a peer needs, with the path below src/ each goes to.
function schemaFiles(src) {
  const out = [];
  for (const api of dirs(path.join(src, 'api'))) {
    for (const ct of dirs(path.join(src, 'api', api, 'content-types'))) {
      const f = path.join(src, 'api', api, 'content-types', ct, 'schema.json');
      if (fs.existsSync(f)) out.push({ file: f, rel: path.join('api', api, 'content-types', ct, 'schema.json'), api, ct });
    }
  }
  const walk = (d, rel, pick) => {
    if (!fs.existsSync(d)) return;
    for (const n of fs.readdirSync(d)) {
      const p = path.join(d, n);
      if (fs.statSync(p).isDirectory()) walk(p, path.join(rel, n), pick);
      else if (pick(n)) out.push({ file: p, rel: path.join(rel, n) });
    }
  };
  walk(path.join(src, 'components'), 'components', (n) => n.endsWith('.json'));
  walk(path.join(src, 'extensions'), 'extensions', (n) => n === 'schema.json');
  return out;
}

function loadSchema(src, cf) {
  const types = [];
  const components = {};
  for (const f of schemaFiles(src)) {
    const s = readJSON(f.file);
    resolveCustom(s.attributes || {}, cf);
    if (f.api) {
      types.push({
        uid: `api::${f.api}.${f.ct}`,
        name: s.info.singularName,
        plural: s.info.pluralName,
        single: s.kind === 'singleType',
        localized: !!(s.pluginOptions && s.pluginOptions.i18n && s.pluginOptions.i18n.localized),
        dp: !!(s.options && s.options.draftAndPublish),
        attributes: s.attributes || {},
      });
    } else if (f.rel.startsWith('components')) {
      const parts = f.rel.split(path.sep);
      components[`${parts[1]}.${path.basename(f.file, '.json')}`] = s.attributes || {};
    }
  }
  types.sort((a, b) => a.name.localeCompare(b.name));
  return { types, components };
}

function resolveCustom(attrs, cf) {
  for (const a of Object.values(attrs)) {
    if (a.type === 'customField') {
      a.type = cf[a.customField] || 'json';
      delete a.customField;
      delete a.options;
    }
  }
}

// ---------- peer set-up ----------
const coreFile = (kind, uid) =>
  `'use strict';\n\nconst { factories } = require('@strapi/strapi');\n\nmodule.exports = factories.createCore${kind}('${uid}');\n`;

function writeFile(file, content) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

function peerSetup(a) {
  const cf = customFields(a['custom-fields']);
  const project = readJSON(a.project);
  const dir = a['peer-dir'];
  for (const d of ['api', 'components', 'extensions']) fs.rmSync(path.join(dir, 'src', d), { recursive: true, force: true });
  const uids = [];
  for (const f of schemaFiles(a.src)) {
    const s = readJSON(f.file);
    resolveCustom(s.attributes || {}, cf);
    for (const c of Object.values(s.attributes || {})) delete c.customField;
    writeFile(path.join(dir, 'src', f.rel), JSON.stringify(s, null, 2) + '\n');
    if (f.api) {
      const uid = `api::${f.api}.${f.ct}`;
      uids.push(uid);
      for (const [kind, sub] of [['Router', 'routes'], ['Controller', 'controllers'], ['Service', 'services']]) {
        writeFile(path.join(dir, 'src', 'api', f.api, sub, `${f.ct}.js`), coreFile(kind, uid));
      }
    }
  }
  // peer.sh waits on /api/programs: a one-field type answers it when the project has none.
  if (!uids.includes('api::program.program')) {
    const s = {
      kind: 'collectionType', collectionName: 'kc_programs',
      info: { singularName: 'program', pluralName: 'programs', displayName: 'Program' },
      options: { draftAndPublish: false }, attributes: { title: { type: 'string' } },
    };
    writeFile(path.join(dir, 'src', 'api', 'program', 'content-types', 'program', 'schema.json'), JSON.stringify(s, null, 2));
    for (const [kind, sub] of [['Router', 'routes'], ['Controller', 'controllers'], ['Service', 'services']]) {
      writeFile(path.join(dir, 'src', 'api', 'program', sub, 'program.js'), coreFile(kind, 'api::program.program'));
    }
    uids.push('api::program.program');
  }
  writeFile(path.join(dir, 'src', 'index.js'), bootstrap(uids, project.locales || ['en']));
  console.log(`peer ${dir}: ${uids.length} types, locales ${(project.locales || ['en']).join(',')}`);
}

function bootstrap(uids, locales) {
  return `'use strict';
// Written by clients/project-compare/compare.js: public find/findOne on every
// type and on uploads, the project's locales, and the peer's full-access token.
const crypto = require('crypto');
const UIDS = ${JSON.stringify(uids)};
const LOCALES = ${JSON.stringify(locales)};
module.exports = {
  register() {},
  async bootstrap({ strapi }) {
    const roles = strapi.db.query('plugin::users-permissions.role');
    const pub = await roles.findOne({ where: { type: 'public' } });
    const perms = strapi.db.query('plugin::users-permissions.permission');
    const have = new Set((await perms.findMany({ where: { role: pub.id } })).map((p) => p.action));
    const actions = UIDS.flatMap((u) => [u + '.find', u + '.findOne'])
      .concat(['plugin::upload.content-api.find', 'plugin::upload.content-api.findOne']);
    for (const action of actions) if (!have.has(action)) await perms.create({ data: { action, role: pub.id } });
    const ls = strapi.plugin('i18n').service('locales');
    const known = new Set((await ls.find()).map((l) => l.code));
    for (const code of LOCALES) if (!known.has(code)) await ls.create({ code, name: code });
    if (LOCALES[0] !== 'en') await ls.setDefaultLocale({ code: LOCALES[0] });
    const plain = process.env.PEER_API_TOKEN;
    if (plain) {
      const accessKey = crypto.createHmac('sha512', strapi.config.get('admin.apiToken.salt')).update(plain).digest('hex');
      const q = strapi.db.query('admin::api-token');
      if (!(await q.findOne({ where: { name: 'peer-full-access' } }))) {
        await q.create({ data: { name: 'peer-full-access', description: 'compare', type: 'full-access', kind: 'content-api', accessKey, lifespan: null, expiresAt: null } });
      }
    }
  },
};
`;
}

// ---------- Kiln config ----------
function kilnConfig(a) {
  const cf = customFields(a['custom-fields']);
  const project = readJSON(a.project);
  const { types } = loadSchema(a.src, cf);
  const acts = ['upload.find', 'upload.findOne', 'i18n.locales'];
  for (const t of types) {
    acts.push(`${t.name}.find`);
    if (!t.single) acts.push(`${t.name}.findOne`);
    if (t.dp) acts.push(`${t.name}.readDrafts`); // Strapi's find reads drafts with status=draft
  }
  fs.mkdirSync(a.out, { recursive: true });
  fs.writeFileSync(path.join(a.out, 'permissions.yaml'),
    `roles:\n  public:\n    actions:\n${acts.map((x) => `      - "${x}"`).join('\n')}\n  authenticated:\n    actions: ["*"]\n`);
  const locales = project.locales || ['en'];
  fs.writeFileSync(path.join(a.out, 'i18n.yaml'), `defaultLocale: ${locales[0]}\nlocales:\n${locales.map((l) => `  - ${l}`).join('\n')}\n`);
  if (a['custom-fields']) fs.copyFileSync(a['custom-fields'], path.join(a.out, 'custom-fields.yaml'));
  console.log(`kiln config ${a.out}: ${acts.length} public actions`);
}

// ---------- fixtures ----------
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const COUNT = 2; // entries per collection type

async function http(base, token, method, p, body, headers = {}) {
  const h = { ...headers };
  if (token) h.Authorization = `Bearer ${token}`;
  let payload;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) { h['Content-Type'] = 'application/json'; payload = JSON.stringify(body); }
  const r = await fetch(base + p, { method, headers: h, body: payload });
  const text = await r.text();
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch { json = { raw: text.slice(0, 300) }; }
  return { status: r.status, json };
}

function clamp(v, a) {
  if (a.min !== undefined && v < Number(a.min)) v = Number(a.min);
  if (a.max !== undefined && v > Number(a.max)) v = Number(a.max);
  return v;
}

// A value for one scalar attribute; sfx differs per locale for localized fields.
function scalar(name, a, i, sfx) {
  const str = (s) => {
    if (a.maxLength && s.length > a.maxLength) s = s.slice(0, a.maxLength);
    while (a.minLength && s.length < a.minLength) s += 'x';
    return s;
  };
  switch (a.type) {
    case 'string': case 'text': return a.regex ? matching(a.regex, [`${name}-${i}${sfx}`.toLowerCase(), `${i}`]) : str(`${name}-${i}${sfx}`);
    case 'richtext': return str(`Text of ${name} ${i}${sfx}`);
    case 'email': return `e${i}${sfx.replace(/[^a-z0-9]/gi, '')}@example.com`;
    case 'uid': return `${name}-${i}${sfx}`.toLowerCase();
    case 'password': return undefined;
    case 'blocks': return [{ type: 'paragraph', children: [{ type: 'text', text: `${name} ${i}${sfx}` }] }];
    case 'integer': return clamp(i + 1, a);
    case 'biginteger': return String(clamp(1000 + i, a));
    case 'decimal': case 'float': return clamp(i + 1.5, a);
    case 'boolean': return i % 2 === 0;
    case 'date': return `2024-01-1${i}`;
    case 'datetime': return `2024-01-1${i}T10:00:00.000Z`;
    case 'time': return `10:0${i}:00.000`;
    case 'enumeration': return a.enum[i % a.enum.length];
    case 'json': return { n: i, s: `${name}${sfx}` };
    default: return undefined;
  }
}

// The first candidate a field's regex takes; none: the field is left out.
function matching(re, candidates) {
  try {
    return candidates.find((c) => new RegExp(re).test(c));
  } catch {
    return undefined;
  }
}

const isLocalizedField = (a) =>
  (a.pluginOptions && a.pluginOptions.i18n && a.pluginOptions.i18n.localized === true) || a.type === 'uid' || a.type === 'relation';

// Data for one entry: scalars, media, components, zones; relations when rel is given.
function entryData(ctx, attrs, i, opts, depth = 0) {
  const d = {};
  for (const [name, a] of Object.entries(attrs)) {
    const sfx = opts.top && opts.sfx && isLocalizedField(a) ? opts.sfx : '';
    if (a.type === 'media') {
      // the one PNG goes only where images are allowed (Kiln refuses it elsewhere, Strapi 5 takes it)
      if (a.allowedTypes && !a.allowedTypes.includes('images')) continue;
      d[name] = a.multiple ? [ctx.fileId] : ctx.fileId;
    }
    else if (a.type === 'relation') {
      if (!opts.rel || a.mappedBy || !a.target || !a.target.startsWith('api::') || a.relation.startsWith('morph')) continue;
      const ids = ctx.docs[a.target] || [];
      if (!ids.length) continue;
      const many = /ToMany$/.test(a.relation);
      if (!many) d[name] = ids[i % ids.length];
      else if (a.relation === 'oneToMany') d[name] = [ids[i % ids.length]];
      else d[name] = i === 0 ? ids.slice(0, 2) : [ids[i % ids.length]];
    } else if (a.type === 'component') {
      if (depth > 3) continue;
      const c = ctx.components[a.component];
      if (!c) continue;
      const one = () => entryData(ctx, c, i, { ...opts, top: false }, depth + 1);
      d[name] = a.repeatable ? Array.from({ length: Math.max(1, Number(a.min) || 0) }, one) : one();
    } else if (a.type === 'dynamiczone') {
      if (depth > 3) continue;
      d[name] = (a.components || []).filter((u) => ctx.components[u])
        .map((u) => ({ __component: u, ...entryData(ctx, ctx.components[u], i, { ...opts, top: false }, depth + 1) }));
    } else {
      const v = scalar(name, a, i, sfx);
      if (v !== undefined) d[name] = v;
    }
  }
  return d;
}

function report(log, what, r) {
  if (r.status >= 300) {
    const er = r.json && r.json.error;
    let e = er ? `${er.name}: ${er.message}` : JSON.stringify(r.json).slice(0, 200);
    if (er && er.details && er.details.errors) e += ' (' + er.details.errors.map((x) => `${(x.path || []).join('.')}: ${x.message}`).join('; ') + ')';
    log.push(`${what} -> ${r.status} ${e}`);
  }
}

async function load(a) {
  const cf = customFields(a['custom-fields']);
  const project = readJSON(a.project);
  const locales = project.locales || ['en'];
  const { types, components } = loadSchema(a.src, cf);
  const base = a.base;
  const token = a.token;
  const log = [];
  const fd = new FormData();
  fd.append('files', new Blob([PNG], { type: 'image/png' }), 'pixel.png');
  const up = await http(base, token, 'POST', '/api/upload', fd);
  report(log, 'upload', up);
  const ctx = { components, docs: {}, ids: {}, fileId: up.json && up.json[0] && up.json[0].id };
  const q = (t, loc) => `?locale=${loc}`;
  const route = (t, doc) => (t.single ? `/api/${t.name}` : `/api/${t.plural}${doc ? '/' + doc : ''}`);

  // 1: every entry in the default locale, without relations
  for (const t of types) {
    ctx.docs[t.uid] = [];
    ctx.ids[t.name] = [];
    const n = t.single ? 1 : COUNT;
    for (let i = 0; i < n; i++) {
      const data = entryData(ctx, t.attributes, i, { rel: false, top: true });
      const r = t.single
        ? await http(base, token, 'PUT', route(t) + q(t, locales[0]), { data })
        : await http(base, token, 'POST', route(t) + q(t, locales[0]), { data });
      report(log, `create ${t.name}[${i}]`, r);
      if (r.json && r.json.data && r.json.data.documentId) {
        ctx.docs[t.uid].push(r.json.data.documentId);
        ctx.ids[t.name].push(r.json.data.id);
      }
    }
  }
  // 2: relations between them, by documentId (components are sent again whole)
  for (const t of types) {
    const docs = ctx.docs[t.uid];
    for (let i = 0; i < docs.length; i++) {
      const data = entryData(ctx, t.attributes, i, { rel: true, top: true });
      const r = await http(base, token, 'PUT', route(t, t.single ? '' : docs[i]) + q(t, locales[0]), { data });
      report(log, `relate ${t.name}[${i}]`, r);
    }
  }
  // 3: the other locales of localized types (relations left to the default locale)
  for (const t of types.filter((x) => x.localized)) {
    const docs = ctx.docs[t.uid];
    for (const loc of locales.slice(1)) {
      for (let i = 0; i < docs.length; i++) {
        const data = entryData(ctx, t.attributes, i, { rel: false, top: true, sfx: `-${loc}` });
        const r = await http(base, token, 'PUT', route(t, t.single ? '' : docs[i]) + q(t, loc), { data });
        report(log, `localize ${t.name}[${i}] ${loc}`, r);
      }
    }
  }
  fs.writeFileSync(a.out, JSON.stringify({ docs: ctx.docs, ids: ctx.ids, log }, null, 1));
  const n = Object.values(ctx.docs).reduce((s, x) => s + x.length, 0);
  console.log(`${base}: ${n} entries, ${log.length} refused writes`);
  for (const l of log) console.log('  ' + l);
}

// ---------- comparison ----------
const DATE_KEYS = new Set(['createdAt', 'updatedAt', 'publishedAt']);

// Ids, documentIds, dates and uploaded file names become tokens numbered by
// order of appearance, so two servers' answers compare by shape and values.
function normalize(v) {
  const maps = {};
  const tok = (kind, x) => {
    const m = (maps[kind] = maps[kind] || new Map());
    if (!m.has(x)) m.set(x, `<${kind}${m.size + 1}>`);
    return m.get(x);
  };
  const walk = (x, key) => {
    if (Array.isArray(x)) return x.map((y) => walk(y, key));
    if (x && typeof x === 'object') {
      const o = {};
      for (const k of Object.keys(x).sort()) o[k] = walk(x[k], k);
      // Numeric ids count per table and Strapi gives a published row its own id: an entry's id is
      // named after its documentId, a component's is only checked to be there.
      if (typeof x.id === 'number') o.id = x.documentId ? `<id of ${o.documentId}>` : '<id>';
      // Strapi re-encodes an uploaded image, Kiln keeps the original (docs/media.md): sizes differ
      if (o.hash !== undefined && o.mime !== undefined && typeof o.size === 'number') o.size = '<size>';
      return o;
    }
    if (x === null || x === undefined) return x;
    if (key === 'documentId' || (key === 'id' && typeof x === 'string' && x.length === 24)) return tok('doc', x);
    if (DATE_KEYS.has(key)) return '<date>'; // two servers never write at the same instants
    if (key === 'hash' || key === 'url' && /\/uploads\//.test(x)) return tok(key, x);
    return x;
  };
  return walk(v);
}

function diffs(a, b, p = '', out = []) {
  if (out.length >= 6) return out;
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) diffs(a[k], b[k], p ? `${p}.${k}` : k, out);
    return out;
  }
  if (JSON.stringify(a) !== JSON.stringify(b)) {
    const s = (x) => (x === undefined ? '(absent)' : JSON.stringify(x).slice(0, 120));
    out.push(`${p || '(root)'}: kiln ${s(a)} | peer ${s(b)}`);
  }
  return out;
}

function fill(qs, map) {
  return qs.replace(/\{(doc|id):([\w-]+):(\d+)\}/g, (_, k, t, i) => {
    if (k === 'id') return String((map.ids[t] || [])[i]);
    const uid = Object.keys(map.docs).find((u) => u.endsWith(`.${t}`));
    return String(((uid && map.docs[uid]) || [])[i]);
  });
}

async function compare(a) {
  const project = readJSON(a.project);
  const km = readJSON(a['kiln-map']);
  const pm = readJSON(a['peer-map']);
  const count = { same: 0, differs: 0, 'kiln error': 0, 'peer error': 0 };
  for (const entry of project.queries) {
    const e = typeof entry === 'string' ? { q: entry } : entry;
    const method = e.method || 'GET';
    // Strapi 4 clients: Kiln's /api/v1, the peer's /api with its v4 header
    const kp = fill(e.v4 ? e.q.replace(/^\/api\//, '/api/v1/') : e.q, km);
    const pp = fill(e.q, pm);
    const hdr = e.v4 ? { 'Strapi-Response-Format': 'v4' } : {};
    // reads go as the Public role; writes (sync scripts) with each server's full-access token
    const k = await http(a.kiln, e.method ? a['kiln-token'] : null, method, kp, e.body);
    const p = await http(a.peer, e.method ? a['peer-token'] : null, method, pp, e.body, hdr);
    let verdict;
    const ok = (s) => s >= 200 && s < 300;
    const nk = normalize(k.json);
    const np = normalize(p.json);
    if (k.status === p.status && JSON.stringify(nk) === JSON.stringify(np)) verdict = 'same';
    else if (!ok(k.status) && ok(p.status)) verdict = 'kiln error';
    else if (ok(k.status) && !ok(p.status)) verdict = 'peer error';
    else verdict = 'differs';
    count[verdict]++;
    const label = `${method} ${e.q.length > 110 ? e.q.slice(0, 110) + '…' : e.q}`;
    console.log(`${verdict.toUpperCase().padEnd(10)} ${k.status}/${p.status} ${label}${e.note ? '  [' + e.note + ']' : ''}`);
    if (verdict !== 'same') {
      const err = (r) => (r.json && r.json.error ? `${r.json.error.name}: ${r.json.error.message}` : '');
      if (!ok(k.status)) console.log(`    kiln: ${err(k)}`);
      if (!ok(p.status)) console.log(`    peer: ${err(p)}`);
      for (const d of diffs(nk, np)) console.log('    ' + d);
    }
    if (a.verbose) console.log('    kiln ' + JSON.stringify(nk).slice(0, 2000) + '\n    peer ' + JSON.stringify(np).slice(0, 2000));
  }
  console.log(`summary ${project.name}: ` + Object.entries(count).map(([k, v]) => `${k} ${v}`).join(', '));
}

const a = args();
const cmds = { 'peer-setup': peerSetup, 'kiln-config': kilnConfig, load, compare };
if (!cmds[a._[0]]) {
  console.error('usage: compare.js peer-setup|kiln-config|load|compare ... (see the head of this file)');
  process.exit(2);
}
Promise.resolve(cmds[a._[0]](a)).catch((e) => { console.error(e); process.exit(1); });
