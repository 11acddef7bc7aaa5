// urql's core (@urql/core: Client, cacheExchange, fetchExchange, gql)
// against a running Kiln's /graphql: a list with variables, a query by
// documentId, mutations (and the document cache dropping what they make
// stale), the public's FORBIDDEN as urql's CombinedError, and queries
// sent by GET (preferGetMethod) with the apollo-require-preflight header
// Kiln, as Apollo Server, asks of a GET.
//
//   KILN_GRAPHQL_URL=http://127.0.0.1:1337/graphql KILN_TOKEN=<jwt> node --test
//
// The server must serve testdata/graphql with seed.mjs's entries
// (run.sh sets all that up).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Client, cacheExchange, fetchExchange, gql } from '@urql/core';
import { url, token } from './env.mjs';

// requests records what urql sent: method and URL of each request.
const requests = [];
const recordingFetch = (input, init) => {
  requests.push({ method: init?.method ?? 'GET', url: String(input) });
  return fetch(input, init);
};

function makeClient({ auth, get, preflight = true } = {}) {
  const headers = {};
  if (auth) headers.Authorization = `Bearer ${auth}`;
  // Apollo Server's CSRF prevention, which Kiln follows: a GET must
  // carry this header (or x-apollo-operation-name).
  if (get && preflight) headers['apollo-require-preflight'] = 'true';
  return new Client({
    url,
    exchanges: [cacheExchange, fetchExchange],
    fetch: recordingFetch,
    fetchOptions: () => ({ headers }),
    preferGetMethod: get ? 'force' : false,
  });
}

const admin = makeClient({ auth: token });
const anonymous = makeClient();
const documentId = /^[a-z0-9]{24}$/;

const PROGRAMS = gql`
  query Programs($status: String!, $min: Int, $page: Int!, $pageSize: Int!, $sort: [String]) {
    programs(
      filters: { status: { eq: $status }, capacity: { gte: $min } }
      sort: $sort
      pagination: { page: $page, pageSize: $pageSize }
    ) {
      documentId
      title
      capacity
      customer { name }
    }
  }
`;

// plain drops __typename, which urql adds to every selection set.
const plain = (v) => JSON.parse(JSON.stringify(v, (k, x) => (k === '__typename' ? undefined : x)));

test('a list with variables: filters, sort and pagination', async () => {
  const vars = { status: 'published', min: 10, sort: ['capacity:desc'], pageSize: 2 };
  const first = await admin.query(PROGRAMS, { ...vars, page: 1 }).toPromise();
  assert.equal(first.error, undefined);
  assert.match(first.data.programs[0].documentId, documentId);
  assert.deepEqual(plain(first.data.programs).map(({ documentId: _, ...p }) => p), [
    { title: 'Zeta Safety', capacity: 25, customer: { name: 'Acme' } },
    { title: 'Alpha Leadership', capacity: 20, customer: { name: 'Acme' } },
  ]);
  assert.equal(first.data.programs[0].__typename, 'Program');
  const second = await admin.query(PROGRAMS, { ...vars, page: 2 }).toPromise();
  assert.deepEqual(second.data.programs.map((p) => p.title), ['Epsilon Finance']);
  const all = await admin.query(PROGRAMS, { status: 'published', page: 1, pageSize: 10, sort: ['title:desc'] }).toPromise();
  assert.deepEqual(all.data.programs.map((p) => p.title),
    ['Zeta Safety', 'Gamma Coaching', 'Epsilon Finance', 'Alpha Leadership']);
});

const PROGRAM = gql`
  query Program($documentId: ID!) {
    program(documentId: $documentId) {
      documentId
      title
      status
      startDate
      customer { name industry contactEmail }
      modules(sort: "order:desc") { title }
    }
  }
`;

test('a query by documentId', async () => {
  const list = await admin.query(gql`{ programs(filters: { title: { eq: "Alpha Leadership" } }) { documentId } }`, {}).toPromise();
  const [{ documentId: id }] = list.data.programs;
  const { data, error } = await admin.query(PROGRAM, { documentId: id }).toPromise();
  assert.equal(error, undefined);
  assert.deepEqual(plain(data.program), {
    documentId: id,
    title: 'Alpha Leadership',
    status: 'published',
    startDate: '2025-01-10',
    customer: { name: 'Acme', industry: 'Retail', contactEmail: 'ops@acme.test' },
    modules: [{ title: 'Feedback' }, { title: 'Listening' }, { title: 'Vision' }],
  });
  // Not found is null, without an error.
  const none = await admin.query(PROGRAM, { documentId: 'nosuchdocumentid00000000' }).toPromise();
  assert.equal(none.error, undefined);
  assert.deepEqual(none.data, { program: null });
});

const CATEGORIES = gql`query Categories { categories(sort: "name") { documentId name slug parent { name } } }`;

test('mutations: create, update and delete; the cache drops the stale list', async () => {
  // An empty list names no Category for the document cache to drop it
  // by; urql's documentation says to name the type: additionalTypenames.
  const context = { additionalTypenames: ['Category'] };
  const before = await admin.query(CATEGORIES, {}, context).toPromise();
  assert.deepEqual(before.data.categories, []);

  const create = gql`
    mutation Create($data: CategoryInput!) { createCategory(data: $data) { documentId name slug description } }
  `;
  const root = await admin.mutation(create, { data: { name: 'Leadership Skills', description: 'Lead.' } }).toPromise();
  assert.equal(root.error, undefined);
  const rootId = root.data.createCategory.documentId;
  assert.match(rootId, documentId);
  assert.deepEqual(plain(root.data.createCategory),
    { documentId: rootId, name: 'Leadership Skills', slug: 'leadership-skills', description: 'Lead.' });
  const child = await admin.mutation(create, { data: { name: 'Coaching', parent: rootId } }).toPromise();
  const childId = child.data.createCategory.documentId;

  // urql's document cache forgets every cached result holding a Category
  // once a mutation answers one: the list is asked again.
  const listed = await admin.query(CATEGORIES, {}, context).toPromise();
  assert.deepEqual(plain(listed.data.categories), [
    { documentId: childId, name: 'Coaching', slug: 'coaching', parent: { name: 'Leadership Skills' } },
    { documentId: rootId, name: 'Leadership Skills', slug: 'leadership-skills', parent: null },
  ]);

  const updated = await admin.mutation(gql`
    mutation Update($id: ID!, $data: CategoryInput!) { updateCategory(documentId: $id, data: $data) { documentId name parent { name } } }
  `, { id: childId, data: { name: 'Team Coaching', parent: null } }).toPromise();
  assert.equal(updated.error, undefined);
  assert.deepEqual(plain(updated.data.updateCategory), { documentId: childId, name: 'Team Coaching', parent: null });

  const one = await admin.query(gql`
    query One($id: ID!) { category(documentId: $id) { name slug children { name } } }
  `, { id: rootId }).toPromise();
  assert.deepEqual(plain(one.data.category), { name: 'Leadership Skills', slug: 'leadership-skills', children: [] });

  for (const id of [childId, rootId]) {
    const deleted = await admin.mutation(gql`
      mutation Delete($id: ID!) { deleteCategory(documentId: $id) { documentId } }
    `, { id }).toPromise();
    assert.equal(deleted.error, undefined);
    assert.deepEqual(plain(deleted.data), { deleteCategory: { documentId: id } });
  }
  const after = await admin.query(CATEGORIES, {}, { requestPolicy: 'network-only' }).toPromise();
  assert.deepEqual(after.data.categories, []);
});

test('the public may not create: FORBIDDEN in urql\'s CombinedError', async () => {
  const result = await anonymous.mutation(gql`
    mutation Create($data: CategoryInput!) { createCategory(data: $data) { documentId } }
  `, { data: { name: 'Nope' } }).toPromise();
  assert.deepEqual(result.data, { createCategory: null });
  assert.equal(result.error.networkError, undefined);
  assert.equal(result.error.graphQLErrors.length, 1);
  const [e] = result.error.graphQLErrors;
  assert.equal(e.message, 'Forbidden access');
  assert.deepEqual(e.path, ['createCategory']);
  assert.equal(e.extensions.code, 'FORBIDDEN');
  assert.equal(result.error.message, '[GraphQL] Forbidden access');
});

test('a query by GET (preferGetMethod) with apollo-require-preflight', async () => {
  const client = makeClient({ get: true });
  const from = requests.length;
  const { data, error } = await client.query(gql`
    query Customers($industry: String) { customers(filters: { industry: { eq: $industry } }) { name active } }
  `, { industry: 'Energy' }).toPromise();
  assert.equal(error, undefined);
  assert.deepEqual(plain(data), { customers: [{ name: 'Globex', active: true }] });
  const sent = requests.slice(from);
  assert.equal(sent.length, 1);
  assert.equal(sent[0].method, 'GET');
  const params = new URL(sent[0].url).searchParams;
  assert.equal(params.get('operationName'), 'Customers');
  assert.deepEqual(JSON.parse(params.get('variables')), { industry: 'Energy' });

  // A mutation stays a POST, even with preferGetMethod.
  const admGet = makeClient({ auth: token, get: true });
  const at = requests.length;
  const made = await admGet.mutation(gql`
    mutation Create($data: CategoryInput!) { createCategory(data: $data) { name } }
  `, { data: { name: 'Posted' } }).toPromise();
  assert.deepEqual(plain(made.data), { createCategory: { name: 'Posted' } });
  assert.equal(requests[at].method, 'POST');
  const posted = await admin.query(gql`{ categories(filters: { name: { eq: "Posted" } }) { documentId } }`, {}).toPromise();
  await admin.mutation(gql`mutation Delete($id: ID!) { deleteCategory(documentId: $id) { documentId } }`,
    { id: posted.data.categories[0].documentId }).toPromise();
});

test('a GET without the preflight header is refused as Apollo Server refuses it', async () => {
  const client = makeClient({ get: true, preflight: false });
  const { data, error } = await client.query(gql`query Customers { customers { name } }`, {}).toPromise();
  assert.equal(data, undefined);
  assert.equal(error.graphQLErrors.length, 1);
  assert.equal(error.graphQLErrors[0].extensions.code, 'BAD_REQUEST');
  assert.match(error.graphQLErrors[0].message, /CSRF/);
});
