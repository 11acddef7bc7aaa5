// Records what a Strapi 5 answers to scenario.json, in the summary form
// Kiln's TestRelationsPerVersionAsStrapi compares with (strapi-answers.txt).
//
//   BASE=<the Strapi's address> TOKEN=<a full-access API token> node record.js > strapi-answers.txt
//
// The Strapi project must have this folder's content types (the same
// attributes, as schema.json files) and an empty database. Node 20 or later.
'use strict';
const fs = require('fs');
const path = require('path');

const BASE = process.env.BASE;
if (!BASE) throw new Error('BASE: the address of the Strapi 5 to record');
const TOKEN = process.env.TOKEN;

// summary keeps what the scenario is about: each entry's own fields, the
// version it is (pub: D for a draft, P published, P(given) published at
// the date a body gave), its relations as summaries; ids and dates go.
function summary(v) {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(summary);
  const out = {};
  for (const k of Object.keys(v).sort()) {
    const x = v[k];
    if (['createdAt', 'updatedAt', 'documentId', 'id', 'locale', 'localizations'].includes(k)) continue;
    if (k === 'publishedAt') {
      out.pub = x === null ? 'D' : String(x).startsWith('2020-01-01') ? 'P(given)' : 'P';
      continue;
    }
    out[k] = summary(x);
  }
  return sorted(out);
}

function sorted(o) {
  const out = {};
  for (const k of Object.keys(o).sort()) out[k] = o[k];
  return out;
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
  const steps = JSON.parse(fs.readFileSync(path.join(__dirname, 'scenario.json'), 'utf8'));
  const ids = {};
  for (const s of steps) {
    const body = s.data === undefined ? undefined : JSON.stringify({ data: fill(s.data, ids) });
    const r = await fetch(BASE + fill(s.path, ids), {
      method: s.method,
      headers: { Authorization: 'Bearer ' + TOKEN, 'Content-Type': 'application/json' },
      body,
    });
    const text = await r.text();
    const json = text ? JSON.parse(text) : null;
    if (s.as) {
      if (r.status >= 300) throw new Error(`${s.method} ${s.path}: ${r.status} ${text}`);
      ids[s.as] = json.data.documentId;
      continue;
    }
    const answer = r.status >= 400 ? { error: json.error.name } : json === null ? null : summary(json.data);
    process.stdout.write(`${s.see}\n  -> ${r.status} ${JSON.stringify(answer)}\n`);
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
