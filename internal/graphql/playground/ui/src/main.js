// Kiln's GraphQL page: GraphiQL over the endpoint the page names in its
// root element's data-endpoint (the Go handler writes it, so that no
// inline script is needed and the page's CSP can refuse them all).
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { GraphiQL } from 'graphiql';
import { createGraphiQLFetcher } from '@graphiql/toolkit';
import 'graphiql/style.css';
import './page.css';

const root = document.getElementById('graphiql');
// POST with Content-Type application/json (the toolkit's plain fetcher),
// which Kiln's Apollo-style CSRF check lets through. Kiln answers no
// @defer/@stream, so the multipart fetcher is not needed.
const fetcher = createGraphiQLFetcher({ url: root.dataset.endpoint, enableIncrementalDelivery: false });
createRoot(root).render(createElement(GraphiQL, { fetcher }));
