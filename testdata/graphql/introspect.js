// Asks a Strapi 5 with @strapi/plugin-graphql for its schema, by graphql-js's
// standard introspection query (getIntrospectionQuery() with its defaults),
// and writes strapi-introspection.json (the answer's data.__schema, in
// Strapi's order, two-space indent) and strapi-schema.graphql
// (printSchema(buildClientSchema(...))) beside this file.
//
//   BASE=<the Strapi's address> NODE_PATH=<the Strapi project>/node_modules node introspect.js
//
// OUT=<a folder below this one> writes the two files there instead
// (OUT=v4 for the Strapi with v4CompatibilityMode: v4/README.md).
//
// The `graphql` package is the one the Strapi project installed with the
// plugin (16.x). No token is needed: the schema is the same for every caller.
'use strict';
const fs = require('fs');
const path = require('path');
const { getIntrospectionQuery, buildClientSchema, printSchema } = require('graphql');

const BASE = process.env.BASE;
if (!BASE) throw new Error('BASE: the address of the Strapi 5 to ask');

async function main() {
  const r = await fetch(BASE + '/graphql', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: getIntrospectionQuery() }),
  });
  const json = await r.json();
  if (r.status !== 200 || json.errors) throw new Error(`${r.status} ${JSON.stringify(json.errors)}`);
  const out = path.join(__dirname, process.env.OUT || '.');
  fs.writeFileSync(path.join(out, 'strapi-introspection.json'), JSON.stringify(json.data.__schema, null, 2) + '\n');
  fs.writeFileSync(path.join(out, 'strapi-schema.graphql'), printSchema(buildClientSchema(json.data)) + '\n');
}

main().catch((e) => { console.error(e); process.exit(1); });
