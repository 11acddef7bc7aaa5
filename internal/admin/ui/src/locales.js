// Settings > Internationalization: the locales content is written in,
// as GET /api/i18n/locales lists them. They are the project's
// config/i18n.yaml (KILN_LOCALES), kept at every start (docs/i18n.md),
// so this page shows them and says where they are changed.

import { html } from 'htm/preact';

export function Locales({ locales }) {
  return html`<h1>Internationalization</h1>
    <p class="muted">The locales content is written in. They come from the project's <code>config/i18n.yaml</code>
      (or <code>KILN_LOCALES</code>): change them there and start Kiln again.</p>
    <div class="table-wrap"><table>
      <caption>${locales.length} locales</caption>
      <thead><tr><th scope="col">Code</th><th scope="col">Name</th><th scope="col">Default</th></tr></thead>
      <tbody>${locales.map((l) => html`<tr key=${l.code}><td>${l.code}</td><td>${l.name}</td><td>${l.isDefault ? 'Default' : ''}</td></tr>`)}</tbody>
    </table></div>`;
}
