// What the test files share: the server's address and the admin's token
// (run.sh exports them), and the zone unions' members read by
// introspection, as Apollo's documentation builds possibleTypes.
export const url = process.env.KILN_GRAPHQL_URL;
export const token = process.env.KILN_TOKEN;
if (!url || !token) {
  console.error('KILN_GRAPHQL_URL and KILN_TOKEN must be set (run.sh sets them)');
  process.exit(2);
}

// introspectPossibleTypes asks every union and interface its members:
// https://www.apollographql.com/docs/react/data/fragments#generating-possibletypes-automatically
export async function introspectPossibleTypes() {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      variables: {},
      query: '{ __schema { types { kind name possibleTypes { name } } } }',
    }),
  });
  const body = await res.json();
  if (res.status !== 200 || body.errors) throw new Error(`introspection: ${res.status} ${JSON.stringify(body)}`);
  const possibleTypes = {};
  for (const supertype of body.data.__schema.types) {
    if (supertype.possibleTypes) possibleTypes[supertype.name] = supertype.possibleTypes.map((t) => t.name);
  }
  return possibleTypes;
}
