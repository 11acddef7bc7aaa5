// Records what a Strapi 5 answers to this folder's scenario.json, in the
// summary form Kiln's TestNamesAsStrapi compares with (strapi-answers.txt),
// with testdata/locales/record.js (its comment says what a step's keys
// mean):
//
//   BASE=<the Strapi's address> TOKEN=<a full-access API token> node record.js > strapi-answers.txt
//
// The Strapi project must have this folder's src/ (the types namer and
// longone, the component shared.seo-meta) and an empty database. Node 20
// or later.
'use strict';
const path = require('path');

process.env.SCENARIO = path.join(__dirname, 'scenario.json');
require('../locales/record.js');
