// Records what a Strapi 5 answers to scenario.json (written by
// gen-scenario.js) into the summary TestFiltersAsStrapi compares with,
// with the components project's recorder:
//
//   BASE=<the Strapi's address> TOKEN=<a full-access API token> node record.js > strapi-answers.txt
//
// The Strapi project must have this folder's src/ and an empty database.
'use strict';
process.env.SCENARIO_DIR = __dirname;
require('../components/record.js');
