// Records what a Strapi 5 with @strapi/plugin-graphql answers to
// scenario.json, in the summary form Kiln's TestGraphQLAsStrapi
// (internal/graphql) compares with (strapi-answers.txt).
//
//   BASE=<the Strapi's address> TOKEN=<a full-access API token> node record.js > strapi-answers.txt
//
// SCENARIO=<a path below this folder> runs another scenario than
// scenario.json (v4/scenario.json: v4/README.md); the files it uploads
// are still named from this folder.
//
// The Strapi project must have this folder's src/ (its types and
// components), the grants of config/permissions.yaml given to its Public
// and Authenticated roles, the locales en and fr, and an empty database.
// Node 20 or later (fetch, FormData and Blob are built in); no packages.
//
// A step of scenario.json is one request, and every step has a "see", the
// label its answer is written under:
//
// - "query" (and "variables", "operationName"): a GraphQL request, POSTed
//   to /graphql as JSON ({"query", "variables", "operationName"}); with
//   "method": "GET" sent in the URL instead (?query=...&variables=<JSON>);
// - "body": a string POSTed to /graphql as it is (bad JSON, say), with
//   "contentType" as its Content-Type (application/json unless given);
// - "upload": a REST upload, POST /api/upload as multipart/form-data:
//   upload.files (paths in this folder) each a part "files" (Content-Type
//   by its extension, as curl -F sends it), upload.fileInfo a part of
//   JSON (the files' name, alternativeText, caption);
// - "headers": more request headers ({"Accept": "..."}); "show": the
//   names of answer headers to write beside the status
//   (["content-type"]).
//
// "auth" says who asks: "token" (the full-access API token, the default),
// "public" (no Authorization header), "user" (the JWT kept as JWT, see
// below) or "bad" (a bearer token that is no one's).
//
// "keep": {"NAME": "dotted.path"} keeps values of the answer (the parsed
// JSON body: "data.createPage.documentId", "data.login.jwt",
// "0.id" of an upload's array); "as": "NAME" is short for keeping the
// documentId of the answer's first field of data. "{NAME}" in variables,
// a query or an upload is replaced by what was kept (a string that is
// only "{NAME}" by the value itself, so a kept number stays a number).
//
// The summary written for a step is the HTTP status and the JSON body,
// with every object's keys sorted and these values replaced, so that the
// answers are the same on every run against an empty database:
// - a string equal to a kept documentId by "{NAME}"; another documentId
//   (a value of a "documentId" key that was never kept, of Strapi's form:
//   24 lower-case letters and digits) by "{?1}",
//   "{?2}", ... in the order first seen in the run; a documentId inside a
//   longer string (a message) the same way;
// - the values of createdAt, updatedAt and publishedAt (but null, which
//   says a draft) by "<time>";
// - the value of "jwt" by "<jwt>";
// - the value of an "id" key by "<id>" (components' and users' row ids,
//   which differ between servers), unless the step has "ids": true;
// - in a file's hash, url and formats, the random part Strapi adds to a
//   file's hash (an underscore and ten hex digits) by _<HASH>, and the
//   size and sizeInBytes of each format (sharp's re-encodings) by
//   "<size>".
// A body that is not JSON is written as {"text": <the body>}.
//
// The order of object keys in an answer is not kept (GraphQL answers
// follow the query's order; the test compares values).
'use strict';
const fs = require('fs');
const path = require('path');

const BASE = process.env.BASE;
if (!BASE) throw new Error('BASE: the address of the Strapi 5 to record');
const TOKEN = process.env.TOKEN;
if (!TOKEN) throw new Error('TOKEN: a full-access API token of that Strapi');

const MIME = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.txt': 'text/plain' };
const TIMES = ['createdAt', 'updatedAt', 'publishedAt'];

const kept = {};          // NAME -> value
const docNames = new Map(); // documentId -> "{NAME}" or "{?n}"
let unknownDocs = 0;

function docName(v) {
  if (!docNames.has(v)) docNames.set(v, '{?' + ++unknownDocs + '}');
  return docNames.get(v);
}

function unhash(s) {
  return typeof s === 'string' ? s.replace(/_[0-9a-f]{10}(?=\.|$|\?)/g, '_<HASH>') : s;
}

function summary(v, key, step) {
  if (v === null) return null;
  if (typeof v === 'string') {
    if (TIMES.includes(key)) return '<time>';
    if (key === 'jwt') return '<jwt>';
    if (key === 'id' && !step.ids) return '<id>';
    if (docNames.has(v)) return docNames.get(v);
    if (key === 'documentId' && /^[a-z0-9]{24}$/.test(v)) return docName(v);
    if (key === 'hash' || key === 'url' || key === 'previewUrl') return unhash(v);
    // a documentId inside a longer string (a message)
    for (const [doc, name] of docNames) if (v.includes(doc)) v = v.split(doc).join(name);
    return v;
  }
  if (typeof v !== 'object') {
    if (key === 'id' && !step.ids) return '<id>';
    return v;
  }
  if (Array.isArray(v)) return v.map((x) => summary(x, key, step));
  if (key === 'formats') {
    const f = {};
    for (const name of Object.keys(v).sort()) {
      const fm = {};
      for (const k of Object.keys(v[name]).sort()) {
        const x = v[name][k];
        fm[k] = k === 'size' || k === 'sizeInBytes' ? '<size>' : k === 'hash' || k === 'url' ? unhash(x) : x;
      }
      f[name] = fm;
    }
    return f;
  }
  const out = {};
  for (const k of Object.keys(v).sort()) out[k] = summary(v[k], k, step);
  return out;
}

function fill(v) {
  if (typeof v === 'string') {
    const whole = /^\{(\w+)\}$/.exec(v);
    if (whole && whole[1] in kept) return kept[whole[1]];
    return v.replace(/\{(\w+)\}/g, (m, k) => (k in kept ? String(kept[k]) : m));
  }
  if (Array.isArray(v)) return v.map(fill);
  if (v && typeof v === 'object') {
    const out = {};
    for (const [k, x] of Object.entries(v)) out[k] = fill(x);
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
  if (u.fileInfo !== undefined) form.append('fileInfo', JSON.stringify(u.fileInfo));
  return form;
}

function request(s) {
  const headers = { ...(s.headers || {}) };
  const auth = s.auth || 'token';
  if (auth === 'token') headers.Authorization = 'Bearer ' + TOKEN;
  else if (auth === 'user') headers.Authorization = 'Bearer ' + kept.JWT;
  else if (auth === 'bad') headers.Authorization = 'Bearer not-a-token-of-anyone';
  else if (auth !== 'public') throw new Error(`${s.see}: auth ${auth}`);
  if (s.upload) return [BASE + '/api/upload', { method: 'POST', headers, body: multipart(fill(s.upload)) }];
  if (s.body !== undefined) {
    headers['Content-Type'] = s.contentType || 'application/json';
    return [BASE + '/graphql', { method: 'POST', headers, body: s.body }];
  }
  const query = fill(s.query);
  const variables = s.variables === undefined ? undefined : fill(s.variables);
  if (s.method === 'GET') {
    const q = new URLSearchParams({ query });
    if (variables !== undefined) q.set('variables', JSON.stringify(variables));
    if (s.operationName) q.set('operationName', s.operationName);
    return [BASE + '/graphql?' + q, { method: 'GET', headers }];
  }
  headers['Content-Type'] = 'application/json';
  return [BASE + '/graphql', { method: 'POST', headers, body: JSON.stringify({ query, variables, operationName: s.operationName }) }];
}

async function main() {
  const steps = JSON.parse(fs.readFileSync(path.join(__dirname, process.env.SCENARIO || 'scenario.json'), 'utf8'));
  for (const s of steps) {
    if (!s.see) throw new Error('a step without "see": ' + JSON.stringify(s).slice(0, 200));
    const [url, init] = request(s);
    const r = await fetch(url, init);
    const text = await r.text();
    let json;
    try { json = text ? JSON.parse(text) : null; } catch (e) { json = undefined; }
    if (s.as || s.keep) {
      if (json == null || r.status >= 300 || (json.errors && !json.data)) throw new Error(`${s.see}: ${r.status} ${text}`);
      const want = { ...(s.keep || {}) };
      if (s.as) want[s.as] = 'data.' + Object.keys(json.data)[0] + '.documentId';
      for (const [name, dotted] of Object.entries(want)) {
        const v = at(json, dotted);
        if (v === undefined || v === null) throw new Error(`${s.see}: nothing at ${dotted} in ${text}`);
        kept[name] = v;
        if (dotted.endsWith('documentId')) docNames.set(v, '{' + name + '}');
      }
    }
    const answer = json === undefined ? { text } : summary(json, '', s);
    let line = `${s.see}\n  -> ${r.status}`;
    for (const h of s.show || []) line += ` [${h}: ${r.headers.get(h)}]`;
    process.stdout.write(`${line} ${JSON.stringify(answer)}\n`);
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
