// Records what a Strapi 5 answers to scenario.json, in the summary form
// Kiln's TestComponentsAsStrapi compares with (strapi-answers.txt).
//
//   BASE=<the Strapi's address> TOKEN=<a full-access API token> node record.js > strapi-answers.txt
//
// SCENARIO_DIR=<a folder> runs that folder's scenario.json instead (the
// other testdata projects recorded the same way: plugin-types, filters).
//
// The Strapi project must have this folder's src/ (its types and
// components, as schema.json and component files) and an empty database.
// Node 20 or later.
//
// A step of scenario.json is a request (method, path, data sent as
// {"data": ...}, headers) and either "as" (keep the answer's documentId
// under that name), "see" (the label its answer is written under), or
// both; "keep" keeps values of the answer's data by their dotted path
// ({"OH1": "opening_hours.0.id"}); "{NAME}" in a path or body is replaced
// by what was kept (a string that is only "{NAME}" by the value itself, so
// a kept id stays a number); "ids": "<scope>" keeps the components' ids in
// the summary, named by where they are and the order they were first seen
// among the steps of that scope ("opening_hours#2"), so an update that
// keeps an item shows the same name and one that makes a new row a new
// name. (The steps of one entry share a scope, so what happens to another
// entry's ids does not renumber them.)
//
// Strapi lists every component of the project in the message of a zone
// item naming none (C3.5), in an order that changes from one start to the
// next; the rest is the same on every run against an empty database.
'use strict';
const fs = require('fs');
const path = require('path');

const BASE = process.env.BASE;
if (!BASE) throw new Error('BASE: the address of the Strapi 5 to record');
const TOKEN = process.env.TOKEN;

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

// summary keeps what the scenario is about: each entry's own fields,
// its components (with their __component) and relations as summaries,
// the version it is (pub: D for a draft, P published); ids and dates go,
// but for a component's id where the step names a scope for ids.
function summary(v, place, ids) {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map((x) => summary(x, place, ids));
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
    out[k] = summary(x, inner, ids);
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
    return v.replace(/\{(\w+)\}/g, (_, k) => ids[k]);
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

async function main() {
  const steps = JSON.parse(fs.readFileSync(path.join(process.env.SCENARIO_DIR || __dirname, 'scenario.json'), 'utf8'));
  const ids = {};
  for (const s of steps) {
    const body = s.data === undefined ? undefined : JSON.stringify({ data: fill(s.data, ids) });
    const r = await fetch(BASE + fill(s.path, ids), {
      method: s.method,
      headers: { Authorization: 'Bearer ' + TOKEN, 'Content-Type': 'application/json', ...(s.headers || {}) },
      body,
    });
    const text = await r.text();
    const json = text ? JSON.parse(text) : null;
    if (s.as || s.keep) {
      if (r.status >= 300 && !s.see) throw new Error(`${s.method} ${s.path}: ${r.status} ${text}`);
      if (r.status < 300) {
        if (s.as) ids[s.as] = json.data.documentId;
        for (const [name, dotted] of Object.entries(s.keep || {})) ids[name] = at(json.data, dotted);
      }
    }
    if (!s.see) continue;
    const answer = r.status >= 400 ? errorSummary(json.error) : json === null ? null : summary(json.data, '', s.ids);
    process.stdout.write(`${s.see}\n  -> ${r.status} ${JSON.stringify(answer)}\n`);
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
