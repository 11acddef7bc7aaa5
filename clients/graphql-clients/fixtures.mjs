// The entries seed.mjs writes, in the order it writes them; the tests
// assert their answers against these.

export const customers = [
  { name: 'Acme', industry: 'Retail', contactEmail: 'ops@acme.test' },
  { name: 'Globex', industry: 'Energy' },
  { name: 'Initech', industry: 'Software', active: false },
];

// status is the program's own enumeration (ENUM_PROGRAM_STATUS), not
// draft & publish: program has none.
export const programs = [
  { title: 'Alpha Leadership', status: 'published', capacity: 20, startDate: '2025-01-10', customer: 'Acme' },
  { title: 'Beta Sales', status: 'draft', capacity: 12, startDate: '2025-02-01', customer: 'Acme' },
  { title: 'Gamma Coaching', status: 'published', capacity: 8, startDate: '2025-03-15', customer: 'Globex' },
  { title: 'Delta Onboarding', status: 'archived', capacity: 30, startDate: '2024-11-01', customer: 'Globex' },
  { title: 'Epsilon Finance', status: 'published', capacity: 15, startDate: '2025-05-20', customer: 'Initech' },
  { title: 'Zeta Safety', status: 'published', capacity: 25, startDate: '2025-06-01', customer: 'Acme' },
  { title: 'Eta Wellbeing', status: 'draft', capacity: 5, startDate: '2025-07-07' },
];

export const modules = [
  { title: 'Listening', order: 2, program: 'Alpha Leadership' },
  { title: 'Vision', order: 1, program: 'Alpha Leadership' },
  { title: 'Feedback', order: 3, program: 'Alpha Leadership' },
  { title: 'Prospecting', order: 1, program: 'Beta Sales' },
];

// A page's body is a dynamic zone: PageBodyDynamicZone = quote | hero |
// rich | stats | faq | Error; its input names each member by __typename.
export const pages = [
  {
    title: 'Home',
    seo: { metaTitle: 'Welcome home', social: [{ network: 'github', handle: 'kiln', link: { url: 'https://github.com/kiln-cms' } }] },
    body: [
      { __typename: 'ComponentBlocksHero', title: 'Build with Kiln', cta: { url: '/start', label: 'Start' } },
      { __typename: 'ComponentBlocksQuote', body: 'Content is a service.', author: 'Ada' },
      { __typename: 'ComponentBlocksStats', count: 42, flag: true, share: 0.5 },
      { __typename: 'ComponentBlocksFaq', items: [{ question: 'Is it Strapi?', answer: 'It speaks its API.' }, { question: 'GraphQL?' }] },
    ],
  },
  {
    title: 'About',
    body: [
      { __typename: 'ComponentBlocksRich', body: '# About us' },
      { __typename: 'ComponentBlocksQuote', body: 'Small and sharp.' },
    ],
  },
];
