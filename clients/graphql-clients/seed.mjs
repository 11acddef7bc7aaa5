// Writes the entries the tests read, through Kiln's GraphQL mutations
// with the admin's token (plain fetch: the clients under test only read
// them, and make and remove their own entries in the mutation tests).
//
//   KILN_GRAPHQL_URL=http://127.0.0.1:1337/graphql KILN_TOKEN=<jwt> node seed.mjs
//
// On an empty database: customer names are unique. fixtures.mjs holds
// what is written, so the tests can assert exact answers.
import { customers, programs, modules, pages } from './fixtures.mjs';

const url = process.env.KILN_GRAPHQL_URL;
const token = process.env.KILN_TOKEN;
if (!url || !token) {
  console.error('KILN_GRAPHQL_URL and KILN_TOKEN must be set');
  process.exit(2);
}

async function gql(query, variables) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json();
  if (res.status !== 200 || body.errors) {
    throw new Error(`${res.status} ${JSON.stringify(body)} for ${query} ${JSON.stringify(variables)}`);
  }
  return body.data;
}

const customerIds = {};
for (const data of customers) {
  const { createCustomer } = await gql(
    'mutation Seed($data: CustomerInput!) { createCustomer(data: $data) { documentId } }', { data });
  customerIds[data.name] = createCustomer.documentId;
}

const programIds = {};
for (const { customer, ...data } of programs) {
  if (customer) data.customer = customerIds[customer];
  const { createProgram } = await gql(
    'mutation Seed($data: ProgramInput!) { createProgram(data: $data) { documentId } }', { data });
  programIds[data.title] = createProgram.documentId;
}

for (const { program, ...data } of modules) {
  data.program = programIds[program];
  await gql('mutation Seed($data: ModuleInput!) { createModule(data: $data) { documentId } }', { data });
}

for (const data of pages) {
  await gql('mutation Seed($data: PageInput!) { createPage(data: $data) { documentId } }', { data });
}

console.log(`seeded ${customers.length} customers, ${programs.length} programs, ` +
  `${modules.length} modules, ${pages.length} pages`);
