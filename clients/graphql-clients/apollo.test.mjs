// Apollo Client 4 (@apollo/client, no React) against a running Kiln's
// /graphql: HttpLink with Node's fetch and an InMemoryCache, as a Strapi 5
// frontend sets them up. Lists with variables, filters, sort and
// pagination, named and inline fragments on a dynamic zone's union
// members (the cache's possibleTypes from introspection, as Apollo's
// documentation says), a _connection with pageInfo, create, update and
// delete mutations seen through the cache and a refetch, the public's
// FORBIDDEN in Apollo's error shape, and errorPolicy 'all'.
//
//   KILN_GRAPHQL_URL=http://127.0.0.1:1337/graphql KILN_TOKEN=<jwt> node --test
//
// The server must serve testdata/graphql with seed.mjs's entries
// (run.sh sets all that up).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ApolloClient, HttpLink, InMemoryCache, gql, CombinedGraphQLErrors, defaultDataIdFromObject,
} from '@apollo/client';
import { url, token, introspectPossibleTypes } from './env.mjs';

const possibleTypes = await introspectPossibleTypes();

// makeClient builds a client as a Strapi 5 frontend does: entries are
// told apart by documentId (they have no id), components by their id.
function makeClient(auth) {
  return new ApolloClient({
    link: new HttpLink({ uri: url, fetch, headers: auth ? { Authorization: `Bearer ${auth}` } : {} }),
    cache: new InMemoryCache({
      possibleTypes,
      dataIdFromObject: (o) => (o.documentId ? `${o.__typename}:${o.documentId}` : defaultDataIdFromObject(o)),
    }),
  });
}

const admin = makeClient(token);
const anonymous = makeClient();

const documentId = /^[a-z0-9]{24}$/;
// strip drops __typename, which Apollo adds to every selection set, from
// an answer, so it can be compared with what the test asked.
const strip = (v) => JSON.parse(JSON.stringify(v, (k, x) => (k === '__typename' ? undefined : x)));

test('possibleTypes from introspection name the zone unions', () => {
  assert.deepEqual(possibleTypes.PageBodyDynamicZone, [
    'ComponentBlocksQuote', 'ComponentBlocksHero', 'ComponentBlocksRich', 'ComponentBlocksStats',
    'ComponentBlocksFaq', 'Error',
  ]);
  assert.deepEqual(possibleTypes.ArticleBodyDynamicZone, ['ComponentBlocksQuote', 'ComponentBlocksHero', 'Error']);
});

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
      startDate
      customer { name }
    }
  }
`;

test('a list with variables: filters, sort and pagination', async () => {
  const vars = { status: 'published', min: 10, sort: ['capacity:desc'], pageSize: 2 };
  const first = await admin.query({ query: PROGRAMS, variables: { ...vars, page: 1 } });
  assert.equal(first.error, undefined);
  assert.match(first.data.programs[0].documentId, documentId);
  assert.deepEqual(strip(first.data.programs).map(({ documentId: _, ...p }) => p), [
    { title: 'Zeta Safety', capacity: 25, startDate: '2025-06-01', customer: { name: 'Acme' } },
    { title: 'Alpha Leadership', capacity: 20, startDate: '2025-01-10', customer: { name: 'Acme' } },
  ]);
  assert.equal(first.data.programs[0].__typename, 'Program');
  assert.equal(first.data.programs[0].customer.__typename, 'Customer');

  const second = await admin.query({ query: PROGRAMS, variables: { ...vars, page: 2 } });
  assert.deepEqual(second.data.programs.map((p) => p.title), ['Epsilon Finance']);

  // Other variables, another answer: no minimum, sorted by two keys.
  const drafts = await admin.query({
    query: PROGRAMS,
    variables: { status: 'draft', sort: ['startDate:desc', 'title'], page: 1, pageSize: 10 },
  });
  assert.deepEqual(drafts.data.programs.map((p) => [p.title, p.customer?.name ?? null]),
    [['Eta Wellbeing', null], ['Beta Sales', 'Acme']]);

  // The same variables again come from the cache, equal to the first.
  const cached = await admin.query({ query: PROGRAMS, variables: { ...vars, page: 1 }, fetchPolicy: 'cache-only' });
  assert.deepEqual(cached.data, first.data);
});

test('or, not and a relation in filters', async () => {
  const { data } = await admin.query({
    query: gql`
      query Filtered($names: [String]) {
        programs(
          filters: {
            or: [{ customer: { name: { in: $names } } }, { capacity: { lt: 6 } }]
            not: { status: { eq: "archived" } }
          }
          sort: "title"
        ) { title }
      }
    `,
    variables: { names: ['Globex', 'Initech'] },
  });
  assert.deepEqual(data.programs.map((p) => p.title), ['Epsilon Finance', 'Eta Wellbeing', 'Gamma Coaching']);
});

const LINK = gql`
  fragment LinkFields on ComponentSharedLink { url label }
`;

// A named fragment on the zone's union, with inline fragments on its
// members: the cache matches it through possibleTypes.
const BLOCK = gql`
  fragment Block on PageBodyDynamicZone {
    __typename
    ... on ComponentBlocksHero { id title cta { ...LinkFields } }
    ... on ComponentBlocksQuote { id quote: body author }
    ... on ComponentBlocksStats { id count flag share }
    ... on ComponentBlocksFaq { id items { question answer } }
    ... on ComponentBlocksRich { id markdown: body }
    ... on Error { code message }
  }
  ${LINK}
`;

const PAGE = gql`
  query Page($title: String!) {
    pages(filters: { title: { eq: $title } }) {
      documentId
      title
      seo { metaTitle social { network handle link { ...LinkFields } } }
      body { ...Block }
    }
  }
  ${BLOCK}
`;

test('fragments: named, and inline on a dynamic zone\'s union members', async () => {
  const { data } = await admin.query({ query: PAGE, variables: { title: 'Home' } });
  assert.equal(data.pages.length, 1);
  const [home] = data.pages;
  assert.equal(home.__typename, 'Page');
  assert.deepEqual(strip(home.seo), {
    metaTitle: 'Welcome home',
    social: [{ network: 'github', handle: 'kiln', link: { url: 'https://github.com/kiln-cms', label: 'Read more' } }],
  });
  assert.deepEqual(home.body.map((b) => b.__typename),
    ['ComponentBlocksHero', 'ComponentBlocksQuote', 'ComponentBlocksStats', 'ComponentBlocksFaq']);
  for (const b of home.body) assert.match(b.id, /^[0-9]+$/);
  assert.deepEqual(strip(home.body).map(({ id: _, ...b }) => b), [
    { title: 'Build with Kiln', cta: { url: '/start', label: 'Start' } },
    { quote: 'Content is a service.', author: 'Ada' },
    { count: 42, flag: true, share: 0.5 },
    { items: [{ question: 'Is it Strapi?', answer: 'It speaks its API.' }, { question: 'GraphQL?', answer: null }] },
  ]);

  // The cache matched the fragment on the union through possibleTypes:
  // read back from it alone, the answer is whole.
  const cached = await admin.query({ query: PAGE, variables: { title: 'Home' }, fetchPolicy: 'cache-only' });
  assert.deepEqual(cached.data, data);
  const hero = admin.cache.readFragment({
    id: `ComponentBlocksHero:${home.body[0].id}`,
    fragment: BLOCK,
    fragmentName: 'Block',
  });
  assert.equal(hero.title, 'Build with Kiln');

  const about = await admin.query({ query: PAGE, variables: { title: 'About' } });
  assert.deepEqual(strip(about.data.pages[0].body).map(({ id: _, ...b }) => b),
    [{ markdown: '# About us' }, { quote: 'Small and sharp.', author: null }]);
  assert.equal(about.data.pages[0].seo, null);
});

test('a _connection with pageInfo, and a relation\'s connection', async () => {
  const { data } = await admin.query({
    query: gql`
      query Connection($pageSize: Int) {
        programs_connection(filters: { status: { eq: "published" } }, sort: "title", pagination: { pageSize: $pageSize }) {
          nodes { title modules_connection(sort: "order") { nodes { title order } } }
          pageInfo { total page pageSize pageCount }
        }
      }
    `,
    variables: { pageSize: 3 },
  });
  const conn = data.programs_connection;
  assert.equal(conn.__typename, 'ProgramEntityResponseCollection');
  assert.deepEqual(strip(conn.pageInfo), { total: 4, page: 1, pageSize: 3, pageCount: 2 });
  assert.deepEqual(conn.nodes.map((n) => n.title), ['Alpha Leadership', 'Epsilon Finance', 'Gamma Coaching']);
  assert.equal(conn.nodes[0].modules_connection.__typename, 'ModuleRelationResponseCollection');
  assert.deepEqual(strip(conn.nodes[0].modules_connection.nodes),
    [{ title: 'Vision', order: 1 }, { title: 'Listening', order: 2 }, { title: 'Feedback', order: 3 }]);
  assert.deepEqual(conn.nodes[1].modules_connection.nodes, []);
});

const COACHES = gql`
  query Coaches { coaches(sort: "name") { documentId name email maxLearners active } }
`;

test('mutations: create, update, delete, seen through the cache and a refetch', async () => {
  const watched = admin.watchQuery({ query: COACHES });
  const seen = [];
  const sub = watched.subscribe((r) => { if (r.dataState === 'complete') seen.push(r.data.coaches.map((c) => c.name)); });
  try {
    const before = await watched.refetch();
    assert.deepEqual(before.data.coaches, []);

    const created = await admin.mutate({
      mutation: gql`
        mutation Create($data: CoachInput!) { createCoach(data: $data) { documentId name email maxLearners active } }
      `,
      variables: { data: { name: 'Grace', email: 'grace@coach.test', languages: ['en', 'fr'] } },
    });
    const coach = created.data.createCoach;
    assert.match(coach.documentId, documentId);
    assert.deepEqual(strip(coach), {
      documentId: coach.documentId, name: 'Grace', email: 'grace@coach.test', maxLearners: 10, active: true,
    });
    // A new entry is not in a cached list until the list is asked again.
    const listed = await watched.refetch();
    assert.deepEqual(strip(listed.data.coaches), [strip(coach)]);

    const updated = await admin.mutate({
      mutation: gql`
        mutation Update($id: ID!, $data: CoachInput!) { updateCoach(documentId: $id, data: $data) { documentId name maxLearners } }
      `,
      variables: { id: coach.documentId, data: { name: 'Grace Hopper', maxLearners: 3 } },
    });
    assert.deepEqual(strip(updated.data.updateCoach), { documentId: coach.documentId, name: 'Grace Hopper', maxLearners: 3 });
    // The update's answer was written to the cache under Coach:<documentId>:
    // the list shows it without a request.
    const fromCache = await admin.query({ query: COACHES, fetchPolicy: 'cache-only' });
    assert.deepEqual(strip(fromCache.data.coaches), [{
      documentId: coach.documentId, name: 'Grace Hopper', email: 'grace@coach.test', maxLearners: 3, active: true,
    }]);
    // And the server agrees.
    const refetched = await watched.refetch();
    assert.deepEqual(refetched.data, fromCache.data);

    const deleted = await admin.mutate({
      mutation: gql`mutation Delete($id: ID!) { deleteCoach(documentId: $id) { documentId } }`,
      variables: { id: coach.documentId },
      update(cache) { cache.evict({ id: cache.identify(coach) }); cache.gc(); },
    });
    assert.deepEqual(strip(deleted.data), { deleteCoach: { documentId: coach.documentId } });
    assert.equal(deleted.data.deleteCoach.__typename, 'DeleteMutationResponse');
    const after = await watched.refetch();
    assert.deepEqual(after.data.coaches, []);
    const gone = await admin.query({
      query: gql`query One($id: ID!) { coach(documentId: $id) { documentId name } }`,
      variables: { id: coach.documentId },
      fetchPolicy: 'network-only',
    });
    assert.equal(gone.data.coach, null);

    assert.deepEqual(seen.at(-1), []);
    assert.ok(seen.some((names) => names.length === 1 && names[0] === 'Grace Hopper'), JSON.stringify(seen));
  } finally {
    sub.unsubscribe();
  }
});

test('the public may not create: FORBIDDEN in Apollo\'s error shape', async () => {
  await assert.rejects(
    anonymous.mutate({
      mutation: gql`mutation Create($data: CoachInput!) { createCoach(data: $data) { documentId } }`,
      variables: { data: { name: 'Mallory', email: 'mallory@coach.test' } },
    }),
    (err) => {
      assert.ok(CombinedGraphQLErrors.is(err), `${err.name}: ${err.message}`);
      assert.equal(err.errors.length, 1);
      const [e] = err.errors;
      assert.equal(e.message, 'Forbidden access');
      assert.deepEqual(e.path, ['createCoach']);
      assert.equal(e.extensions.code, 'FORBIDDEN');
      assert.deepEqual(e.extensions.error, { name: 'ForbiddenError', message: 'Forbidden access', details: {} });
      assert.deepEqual(err.data, { createCoach: null });
      return true;
    },
  );
  // Nothing was written.
  const { data } = await admin.query({ query: COACHES, fetchPolicy: 'network-only' });
  assert.deepEqual(data.coaches, []);
});

test('a bad input is BAD_USER_INPUT with the validation error', async () => {
  await assert.rejects(
    admin.mutate({
      mutation: gql`mutation Create($data: CoachInput!) { createCoach(data: $data) { documentId } }`,
      variables: { data: { name: 'No email' } },
    }),
    (err) => {
      assert.ok(CombinedGraphQLErrors.is(err), `${err.name}: ${err.message}`);
      assert.equal(err.errors[0].extensions.code, 'BAD_USER_INPUT');
      assert.equal(err.errors[0].extensions.error.name, 'ValidationError');
      return true;
    },
  );
});

test('errorPolicy \'all\': partial data beside the error', async () => {
  const result = await anonymous.query({
    query: gql`
      query Partial {
        customers(sort: "name") { name active }
        forbidden: usersPermissionsRoles_connection { nodes { name } }
      }
    `,
    errorPolicy: 'all',
  });
  assert.deepEqual(strip(result.data), {
    customers: [{ name: 'Acme', active: true }, { name: 'Globex', active: true }, { name: 'Initech', active: false }],
    forbidden: null,
  });
  assert.ok(CombinedGraphQLErrors.is(result.error));
  assert.equal(result.error.errors.length, 1);
  assert.deepEqual(result.error.errors[0].path, ['forbidden']);
  assert.equal(result.error.errors[0].extensions.code, 'FORBIDDEN');

  // Without it, the same query fails whole.
  await assert.rejects(
    anonymous.query({
      query: gql`query Partial2 { customers { name } forbidden: usersPermissionsRoles_connection { nodes { name } } }`,
    }),
    (err) => CombinedGraphQLErrors.is(err) && err.errors[0].extensions.code === 'FORBIDDEN',
  );
});

test('a query the server refuses at validation is a 400 Apollo reports', async () => {
  await assert.rejects(
    admin.query({ query: gql`query Bad { programs { nope } }` }),
    (err) => {
      assert.ok(CombinedGraphQLErrors.is(err), `${err.name}: ${err.message}`);
      assert.equal(err.errors[0].extensions.code, 'GRAPHQL_VALIDATION_FAILED');
      assert.equal(err.errors[0].message, 'Cannot query field "nope" on type "Program".');
      return true;
    },
  );
});

test('useGETForQueries: a query by GET, which Apollo Client sends with its content-type', async () => {
  const sent = [];
  const client = new ApolloClient({
    link: new HttpLink({
      uri: url,
      useGETForQueries: true,
      fetch: (input, init) => { sent.push({ url: String(input), method: init.method, headers: { ...init.headers } }); return fetch(input, init); },
    }),
    cache: new InMemoryCache({ possibleTypes }),
  });
  const { data } = await client.query({
    query: gql`query Customers($active: Boolean) { customers(filters: { active: { eq: $active } }, sort: "name") { name } }`,
    variables: { active: true },
  });
  assert.deepEqual(strip(data), { customers: [{ name: 'Acme' }, { name: 'Globex' }] });
  assert.equal(sent.length, 1);
  assert.equal(sent[0].method, 'GET');
  assert.equal(new URL(sent[0].url).searchParams.get('operationName'), 'Customers');
  // No apollo-require-preflight: Apollo Server's CSRF prevention (and
  // Kiln's) lets a GET through on this content-type alone.
  assert.equal(sent[0].headers['content-type'], 'application/json');
  assert.equal(sent[0].headers['apollo-require-preflight'], undefined);
});
