// Records what a Strapi 5 answers for this folder's src/: the
// content-type-builder's answers for its types (keys Strapi ignores are
// echoed; relations whose sides disagree are listed as written), and
// which entries each side of those relations holds once a left links a
// right through every field of its own.
//
//   BASE=<the Strapi's address> TOKEN=<a full-access API token> node record.js > ../../internal/rest/testdata/ctb/schema-keys.json
//
// The Strapi project must have this folder's src/ and an empty database.
// Node 20 or later.
'use strict';
const BASE = process.env.BASE;
if (!BASE) throw new Error('BASE: the address of the Strapi 5 to record');
const headers = { Authorization: 'Bearer ' + process.env.TOKEN, 'Content-Type': 'application/json' };

async function call(method, path, data) {
  const res = await fetch(BASE + path, { method, headers, body: data && JSON.stringify({ data }) });
  return res.json();
}

// names lists the names of a relation's entries ("" when empty), or the
// name of a to-one's entry.
function names(v) {
  if (Array.isArray(v)) return v.map((e) => e.name);
  return v ? v.name : null;
}

(async () => {
  const types = [];
  for (const uid of ['api::keyed.keyed', 'api::left.left', 'api::right.right']) {
    types.push((await call('GET', '/api/content-type-builder/content-types/' + uid)).data);
  }
  const r1 = (await call('POST', '/api/rights', { name: 'R1' })).data.documentId;
  await call('POST', '/api/lefts', { name: 'L1', rights: [r1], owner: r1, both: [r1] });
  const holds = {};
  for (const [plural, fields] of [['lefts', ['rights', 'owner', 'both']], ['rights', ['lefts', 'owned', 'both']]]) {
    for (const e of (await call('GET', '/api/' + plural + '?populate=*')).data) {
      for (const f of fields) holds[plural + '.' + e.name + '.' + f] = names(e[f]);
    }
  }
  const out = { recorded: 'Strapi 5.54, testdata/schema-keys/src', contentTypes: types, components: [], relations: holds };
  process.stdout.write(JSON.stringify(out, null, 1) + '\n');
})();
