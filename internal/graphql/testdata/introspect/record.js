// record.js writes the answers graphql-js 16 gives to the introspection
// queries in queries/, so that Kiln's Go introspection is checked against
// the reference implementation rather than against itself.
//
// Usage (only the graphql npm package is needed, found through NODE_PATH):
//   mkdir -p /tmp/gqljs && cd /tmp/gqljs && npm init -y && npm install graphql@16
//   NODE_PATH=/tmp/gqljs/node_modules node record.js
//
// It reads schema.graphql, writes queries/full.graphql (getIntrospectionQuery
// with every option on), then for each queries/NAME.graphql, with variables
// from NAME.vars.json when present, writes queries/NAME.expected.json.
'use strict';
const fs = require('fs');
const path = require('path');
const graphql = require('graphql');

const dir = __dirname;
const queries = path.join(dir, 'queries');

function fail(what, errors) {
  console.error(what + ':\n' + errors.map(String).join('\n'));
  process.exit(1);
}

const schema = graphql.buildSchema(
  fs.readFileSync(path.join(dir, 'schema.graphql'), 'utf8'),
);
const schemaErrors = graphql.validateSchema(schema);
if (schemaErrors.length > 0) fail('schema.graphql', schemaErrors);

const full = graphql.getIntrospectionQuery({
  descriptions: true,
  specifiedByUrl: true,
  directiveIsRepeatable: true,
  schemaDescription: true,
  inputValueDeprecation: true,
  oneOf: true,
});
fs.writeFileSync(path.join(queries, 'full.graphql'), full.trim() + '\n');

for (const file of fs.readdirSync(queries).sort()) {
  if (!file.endsWith('.graphql')) continue;
  const name = file.slice(0, -'.graphql'.length);
  const document = graphql.parse(
    fs.readFileSync(path.join(queries, file), 'utf8'),
  );
  const errors = graphql.validate(schema, document);
  if (errors.length > 0) fail(file, errors);
  const varsFile = path.join(queries, name + '.vars.json');
  const variableValues = fs.existsSync(varsFile)
    ? JSON.parse(fs.readFileSync(varsFile, 'utf8'))
    : undefined;
  const result = graphql.executeSync({ schema, document, variableValues });
  if (result.errors) fail(file, result.errors);
  fs.writeFileSync(
    path.join(queries, name + '.expected.json'),
    JSON.stringify(result.data, null, 2) + '\n',
  );
  console.log('wrote ' + name + '.expected.json');
}
