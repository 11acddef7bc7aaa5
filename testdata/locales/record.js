// Records what a Strapi 5 answers to scenario.json, in the summary form
// Kiln's TestLocalesAsStrapi compares with (strapi-answers.txt).
//
//   BASE=<the Strapi's address> TOKEN=<a full-access API token> node record.js > strapi-answers.txt
//
// The Strapi project must have this folder's src/ (its types and the
// shared.seo component), the locales fr (French (fr)) and de (German (de))
// beside en, made in its bootstrap:
//
//   const ls = strapi.plugin('i18n').service('locales');
//   for (const [code, name] of [['fr', 'French (fr)'], ['de', 'German (de)']])
//     if (!(await ls.findByCode(code))) await ls.create({ code, name });
//
// and an empty database. Node 20 or later.
//
// A step is a request: method, path, data (sent as {"data": ...}),
// headers; "auth": false sends it without the token. "as" keeps the
// answer's documentId under a name, "keep" does too ({"A1": "documentId"})
// for a step whose answer is also written; "{NAME}" in a path or body is
// what was kept. "see" labels the answer; "meta" keeps the whole answer
// (the pagination), "raw" writes the answer as it is but for dates (T)
// and documentIds (D), "order" adds an entry's keys in Strapi's order.
//
// The summary: an answer with data is its data, else the whole answer;
// an error is {error: name, message}. An entry's id, createdAt and
// updatedAt go; its documentId becomes the name it was kept under (D
// when none); publishedAt becomes pub (D for a draft, P); locale stays.
// localizations are sorted by locale (Strapi's order is the database's).
'use strict';
const fs = require('fs');
const path = require('path');

const BASE = process.env.BASE;
if (!BASE) throw new Error('BASE: the address of the Strapi 5 to record');
const TOKEN = process.env.TOKEN;

function summary(v, names, order) {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map((x) => summary(x, names, order));
  const out = {};
  for (const k of Object.keys(v).sort()) {
    const x = v[k];
    if (['createdAt', 'updatedAt', 'id'].includes(k)) continue;
    if (k === 'documentId') { out.documentId = names[x] || 'D'; continue; }
    if (k === 'publishedAt') { out.pub = x === null ? 'D' : 'P'; continue; }
    let s = summary(x, names, false);
    if (k === 'localizations') s = sortByLocale(s);
    out[k] = s;
  }
  if (order && 'documentId' in v) out._keys = Object.keys(v);
  return out;
}

function sortByLocale(s) {
  const list = Array.isArray(s) ? s : s && Array.isArray(s.data) ? s.data : null;
  if (!list) return s;
  const loc = (e) => (e.attributes ? e.attributes.locale || e.attributes.title : e.locale || e.title) || '';
  list.sort((a, b) => (loc(a) < loc(b) ? -1 : loc(a) > loc(b) ? 1 : 0));
  return s;
}

function raw(v) {
  return JSON.parse(JSON.stringify(v, (k, x) => {
    if (typeof x === 'string' && /^\d{4}-\d\d-\d\dT/.test(x)) return 'T';
    if (k === 'documentId') return 'D';
    return x;
  }));
}

function fill(v, ids) {
  if (typeof v === 'string') return v.replace(/\{(\w+)\}/g, (_, k) => ids[k]);
  if (Array.isArray(v)) return v.map((x) => fill(x, ids));
  if (v && typeof v === 'object') {
    const out = {};
    for (const [k, x] of Object.entries(v)) out[k] = fill(x, ids);
    return out;
  }
  return v;
}

async function main() {
  const steps = JSON.parse(fs.readFileSync(process.env.SCENARIO || path.join(__dirname, 'scenario.json'), 'utf8'));
  const ids = {};
  const names = {};
  for (const s of steps) {
    const headers = { 'Content-Type': 'application/json', ...(s.headers || {}) };
    if (s.auth !== false) headers.Authorization = 'Bearer ' + TOKEN;
    const body = s.data === undefined ? undefined : JSON.stringify({ data: fill(s.data, ids) });
    const r = await fetch(BASE + fill(s.path, ids), { method: s.method, headers, body });
    const text = await r.text();
    const json = text ? JSON.parse(text) : null;
    const kept = s.as ? { [s.as]: 'documentId' } : s.keep || {};
    for (const [name, key] of Object.entries(kept)) {
      if (r.status >= 300) throw new Error(`${s.method} ${s.path}: ${r.status} ${text}`);
      ids[name] = json.data[key];
      names[json.data[key]] = name;
    }
    if (s.as) continue;
    let answer;
    if (r.status >= 400) answer = { error: json.error.name, message: json.error.message };
    else if (json === null) answer = null;
    else if (s.raw) answer = raw(json);
    else if (s.meta) answer = summary(json, names, s.order);
    else answer = summary(json.data === undefined ? json : json.data, names, s.order);
    process.stdout.write(`${s.see}\n  -> ${r.status} ${JSON.stringify(answer)}\n`);
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
