// Validates every OpenAPI document in a folder with @readme/openapi-parser,
// a second validator independent of the Go tests' (kin-openapi): the
// OpenAPI 3.1 schema, then the rules the schema cannot say (each path
// parameter declared by every operation of its path, required, and none
// its path lacks; parameters and operationIds unique; arrays with items),
// every rule an error and any warning a failure.
//
//   node check.js <folder>
//
// Exits 1 when a document is invalid or the folder holds none, 2 on
// bad usage. run.sh writes the documents Kiln serves into a folder first.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileErrors, validate } from '@readme/openapi-parser';

const dir = process.argv[2];
if (!dir || process.argv.length > 3) {
  console.error('usage: node check.js <folder of OpenAPI documents>');
  process.exit(2);
}

const rules = Object.fromEntries(
  [
    'array-without-items',
    'duplicate-non-request-body-parameters',
    'duplicate-operation-id',
    'invalid-security-scheme-properties',
    'non-optional-path-parameters',
    'path-parameters-not-in-parameters',
    'path-parameters-not-in-path',
  ].map((rule) => [rule, 'error']),
);

let files;
try {
  files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
} catch (err) {
  console.error(`cannot read ${dir}: ${err.message}`);
  process.exit(1);
}
if (files.length === 0) {
  console.error(`no OpenAPI document (*.json) in ${dir}`);
  process.exit(1);
}

let failed = 0;
for (const file of files) {
  let result;
  try {
    const doc = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    result = await validate(doc, { validate: { rules: { openapi: rules } } });
  } catch (err) {
    result = { valid: false, errors: [{ message: String(err?.message ?? err) }], warnings: [] };
  }
  if (result.valid && result.warnings.length === 0) {
    console.log(`ok    ${file}`);
    continue;
  }
  failed++;
  console.log(`FAIL  ${file}`);
  if (!result.valid) console.log(compileErrors(result));
  if (result.warnings.length > 0) console.log(compileErrors({ ...result, valid: false, errors: result.warnings }));
}
console.log(`\n${files.length - failed} of ${files.length} documents are valid`);
process.exit(failed === 0 ? 0 : 1);
