// Records what a Strapi 5 answers to scenario.json, in the summary form
// Kiln's tests of the media library compare with (strapi-answers.txt).
//
//   BASE=<the Strapi's address> TOKEN=<a full-access API token> node record.js > strapi-answers.txt
//
// The Strapi project must have this folder's src/ (its types and
// components), the public role allowed what config/permissions.yaml
// allows it, and an empty database (no file uploaded yet). Node 20 or
// later (fetch, FormData and Blob are built in).
//
// A step of scenario.json is one of:
//
// - a request: method, path, data sent as {"data": ...}, headers; or,
//   with "upload", a multipart/form-data body: upload.files (paths in this
//   folder) each sent as a part "files" (named by its base name, its
//   Content-Type by its extension, as curl -F sends it), upload.fileInfo
//   as a part holding its JSON (a string is sent as it is, to send bad
//   JSON), upload.ref, upload.refId and upload.field as plain parts;
//   "auth": false sends it without the token (as the public role);
// - "public": {"grant": [...], "revoke": [...]}: the public role is given
//   or refused Kiln's actions ("upload.find", "album.find"), through
//   Strapi's /api/users-permissions/roles with the token; nothing written.
//
// A request's "as" keeps the answer's documentId under that name, "see"
// is the label its answer is written under; "keep" keeps values of the
// answer by their dotted path ({"F": "0.id"}), from the answer's data if
// it has one, else from the whole answer (the upload routes answer bare
// files and arrays). "{NAME}" in a path, body or upload is replaced by
// what was kept (a string that is only "{NAME}" by the value itself, so a
// kept id stays a number; "{=NAME}" is always a string). "ids": "<scope>"
// keeps the components' ids in the summary as the components recorder
// does ("body[blocks.picture]#1").
//
// The summary: an answer with data is its data (with "meta": true, the
// whole answer, meta too); an answer without is the whole answer. Keys are
// sorted; dates, documentIds and locales go, publishedAt becomes pub (D or
// P); an entry's id goes. A file — an object with a url, hash or mime, or
// the attributes of v4's {id, attributes} — keeps every key but its dates
// and documentId (the entries of its related summarised as entries), its
// id renamed by first appearance in the run (F1, F2, ...), the random
// part of its hash and urls replaced by <HASH> (photo_<HASH>,
// /uploads/photo_<HASH>.jpg), and each format's size and
// sizeInBytes by "<size>" (they are the sizes of sharp's re-encodings;
// the original's size is kept: Strapi re-encodes an uploaded image too, so
// it is not the uploaded bytes' but the same on every run). With
// "order": true a file also shows "_keys", its keys in the order Strapi
// sent them, so Kiln can be held to Strapi's order.
'use strict';
const fs = require('fs');
const path = require('path');

const BASE = process.env.BASE;
if (!BASE) throw new Error('BASE: the address of the Strapi 5 to record');
const TOKEN = process.env.TOKEN;

const MIME = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.txt': 'text/plain',
  '.svg': 'image/svg+xml', '.html': 'text/html', '.mp4': 'video/mp4' };

// idNames names each component id by its place: in a scope, the first
// id seen at a place is place#1, the next new one place#2.
const idNames = new Map();
const idCounts = new Map();
function idName(scope, place, id) {
  const at = scope + '\n' + place;
  const key = at + '\n' + id;
  if (!idNames.has(key)) {
    const n = (idCounts.get(at) || 0) + 1;
    idCounts.set(at, n);
    idNames.set(key, place + '#' + n);
  }
  return idNames.get(key);
}

// fileNames names each file id by its first appearance: F1, F2, ...
const fileNames = new Map();
function fileName(id) {
  if (!fileNames.has(id)) fileNames.set(id, 'F' + (fileNames.size + 1));
  return fileNames.get(id);
}

function isFile(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && ('url' in v || 'hash' in v || 'mime' in v);
}

// unhash replaces the random part Strapi adds to a file's hash (an
// underscore and ten hex digits) by <HASH>.
function unhash(s) {
  return typeof s === 'string' ? s.replace(/_[0-9a-f]{10}(?=\.|$|\?)/g, '_<HASH>') : s;
}

function fileSummary(v, order) {
  const out = {};
  if (order) out._keys = Object.keys(v).join(',');
  for (const k of Object.keys(v).sort()) {
    const x = v[k];
    if (['createdAt', 'updatedAt', 'documentId'].includes(k)) continue;
    if (k === 'id') { out.id = fileName(x); continue; }
    if (k === 'publishedAt') { out.pub = x === null ? 'D' : 'P'; continue; }
    if (k === 'hash' || k === 'url') { out[k] = unhash(x); continue; }
    if (k === 'formats' && x && typeof x === 'object') {
      const f = {};
      for (const name of Object.keys(x).sort()) {
        const fm = {};
        if (order) fm._keys = Object.keys(x[name]).join(',');
        for (const fk of Object.keys(x[name]).sort()) {
          const fx = x[name][fk];
          fm[fk] = fk === 'size' || fk === 'sizeInBytes' ? '<size>' : fk === 'hash' || fk === 'url' ? unhash(fx) : fx;
        }
        f[name] = fm;
      }
      out.formats = f;
      continue;
    }
    out[k] = summary(x, k, undefined, order);
  }
  return out;
}

// summary keeps what the scenario is about: each entry's own fields, its
// components (with their __component), its files as above, the version it
// is (pub: D for a draft, P published); ids and dates go, but for a
// component's id where the step names a scope for ids.
function summary(v, place, ids, order) {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map((x) => summary(x, place, ids, order));
  if (isFile(v)) return fileSummary(v, order);
  if (isFile(v.attributes) && 'id' in v) {
    const out = { attributes: fileSummary(v.attributes, order) };
    out.id = fileName(v.id);
    return out;
  }
  if (typeof v.__component === 'string') place += '[' + v.__component + ']';
  const out = {};
  for (const k of Object.keys(v).sort()) {
    const x = v[k];
    if (['createdAt', 'updatedAt', 'documentId', 'locale', 'localizations'].includes(k)) continue;
    if (k === 'id') {
      if (ids && !('documentId' in v) && place !== '') out.id = idName(ids, place, x);
      continue;
    }
    if (k === 'publishedAt') {
      out.pub = x === null ? 'D' : 'P';
      continue;
    }
    const inner = k === 'attributes' || k === 'data' ? place : place === '' ? k : place + '.' + k;
    out[k] = summary(x, inner, ids, order);
  }
  return out;
}

// errorSummary keeps an error's name, message and details (but empty
// ones), each of details.errors without its value (which may hold the
// entry's dates); keys sorted.
function errorSummary(e) {
  const out = { error: e.name, message: e.message };
  if (e.details && Object.keys(e.details).length > 0) {
    const d = { ...e.details };
    if (Array.isArray(d.errors)) d.errors = d.errors.map((x) => ({ message: x.message, name: x.name, path: x.path }));
    out.details = d;
  }
  return sortedDeep(out);
}

function sortedDeep(v) {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(sortedDeep);
  const out = {};
  for (const k of Object.keys(v).sort()) out[k] = sortedDeep(v[k]);
  return out;
}

function fill(v, ids) {
  if (typeof v === 'string') {
    const whole = /^\{(\w+)\}$/.exec(v);
    if (whole && whole[1] in ids) return ids[whole[1]];
    return v.replace(/\{=?(\w+)\}/g, (_, k) => ids[k]);
  }
  if (Array.isArray(v)) return v.map((x) => fill(x, ids));
  if (v && typeof v === 'object') {
    const out = {};
    for (const [k, x] of Object.entries(v)) out[k] = fill(x, ids);
    return out;
  }
  return v;
}

function at(v, dotted) {
  for (const k of dotted.split('.')) v = v == null ? undefined : v[k];
  return v;
}

function multipart(u) {
  const form = new FormData();
  for (const f of u.files || []) {
    const buf = fs.readFileSync(path.join(__dirname, f));
    form.append('files', new Blob([buf], { type: MIME[path.extname(f).toLowerCase()] || 'application/octet-stream' }), path.basename(f));
  }
  if (u.fileInfo !== undefined) form.append('fileInfo', typeof u.fileInfo === 'string' ? u.fileInfo : JSON.stringify(u.fileInfo));
  for (const k of ['ref', 'refId', 'field']) if (u[k] !== undefined) form.append(k, String(u[k]));
  return form;
}

// strapiAction is Strapi's name of one of Kiln's actions:
// upload.find → plugin::upload / content-api / find,
// album.find → api::album / album / find.
function strapiAction(a) {
  const [type, action] = a.split('.');
  if (type === 'upload') return ['plugin::upload', 'content-api', action];
  return ['api::' + type, type, action];
}

async function setPublic(change) {
  const h = { Authorization: 'Bearer ' + TOKEN, 'Content-Type': 'application/json' };
  const list = await (await fetch(BASE + '/api/users-permissions/roles', { headers: h })).json();
  const pub = list.roles.find((r) => r.type === 'public');
  const role = (await (await fetch(BASE + '/api/users-permissions/roles/' + pub.id, { headers: h })).json()).role;
  for (const [grant, actions] of [[true, change.grant || []], [false, change.revoke || []]]) {
    for (const a of actions) {
      const [t, c, act] = strapiAction(a);
      const ctl = (((role.permissions[t] ||= { controllers: {} }).controllers[c]) ||= {});
      ctl[act] = { ...(ctl[act] || {}), enabled: grant };
    }
  }
  const r = await fetch(BASE + '/api/users-permissions/roles/' + pub.id, {
    method: 'PUT', headers: h,
    body: JSON.stringify({ name: role.name, description: role.description, permissions: role.permissions }),
  });
  if (r.status !== 200) throw new Error('the public role: ' + r.status + ' ' + (await r.text()));
}

async function main() {
  const steps = JSON.parse(fs.readFileSync(path.join(__dirname, 'scenario.json'), 'utf8'));
  const ids = {};
  for (const s of steps) {
    if (s.public) {
      await setPublic(s.public);
      continue;
    }
    const headers = { ...(s.headers || {}) };
    if (s.auth !== false) headers.Authorization = 'Bearer ' + TOKEN;
    let body;
    if (s.upload) body = multipart(fill(s.upload, ids));
    else if (s.data !== undefined) {
      body = JSON.stringify({ data: fill(s.data, ids) });
      headers['Content-Type'] = 'application/json';
    }
    const r = await fetch(BASE + fill(s.path, ids), { method: s.method, headers, body });
    const text = await r.text();
    let json = null;
    try { json = text ? JSON.parse(text) : null; } catch (e) { json = { error: { name: 'not JSON', message: text } }; }
    const root = json !== null && !Array.isArray(json) && typeof json === 'object' && 'data' in json ? json.data : json;
    if (s.as || s.keep) {
      if (r.status >= 300 && !s.see) throw new Error(`${s.method} ${s.path}: ${r.status} ${text}`);
      if (r.status < 300) {
        if (s.as) ids[s.as] = root.documentId;
        for (const [name, dotted] of Object.entries(s.keep || {})) ids[name] = at(root, dotted);
      }
    }
    if (!s.see) continue;
    let answer;
    if (r.status >= 400) answer = json && json.error ? errorSummary(json.error) : json;
    else if (json === null) answer = null;
    else if (s.meta) answer = summary(json, '', s.ids, s.order);
    else answer = summary(root, '', s.ids, s.order);
    process.stdout.write(`${s.see}\n  -> ${r.status} ${JSON.stringify(answer)}\n`);
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
