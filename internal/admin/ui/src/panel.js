// The panel once signed in: the navigation of what the user may use,
// and the page the address names.

import { useEffect, useMemo, useState } from 'preact/hooks';
import { html } from 'htm/preact';
import { collectionTypes, singleTypes } from './api.js';
import { useRoute } from './route.js';
import { List } from './list.js';
import { Editor } from './editor.js';
import { Drawn, pageAt, shown } from './plugins.js';
import { Media } from './media.js';
import { Tokens, Webhooks } from './settings.js';
import { ConfigureView } from './view.js';
import { Users } from './users.js';
import { Locales } from './locales.js';

export function Panel({ api, onSignOut }) {
  const [types, setTypes] = useState(null);
  const [allTypes, setAllTypes] = useState([]);
  const [components, setComponents] = useState([]);
  const [locales, setLocales] = useState([]);
  const [singles, setSingles] = useState([]);
  const [actions, setActions] = useState([]);
  const [added, setAdded] = useState({ pages: [], cards: [], sections: [] });
  const [viewsMeta, setViewsMeta] = useState({ editable: false, file: 'config/views.yaml' });
  const [error, setError] = useState('');
  const route = useRoute();
  useEffect(() => {
    // A role without contentManager.views gets no views: its entries are
    // named by their first text field, its lists as by default.
    const views = api.views().catch(() => ({ data: {}, meta: { editable: false, file: 'config/views.yaml' } }));
    Promise.all([api.contentTypes(), api.permissions(), api.components(), api.plugins(), views])
      .then(([ct, me, comps, plugins, views]) => {
        setComponents(comps.data);
        setAdded(plugins);
        setViewsMeta(views.meta);
        if (me.data.actions.includes('i18n.locales')) api.locales().then(setLocales).catch(() => {});
        setActions(me.data.actions);
        withViews(ct.data.map((t) => ({ ...t, view: views.data[t.uid] })), me.data.actions);
      })
      .catch((err) => setError(err.message));
  }, []);
  // withViews keeps the types, each with its view (how the panel shows
  // it), and the lists the navigation draws from them.
  const withViews = (all, acts) => {
    setAllTypes(all);
    setTypes(collectionTypes(all, acts));
    setSingles(singleTypes(all, acts));
  };
  const viewSaved = (uid, view) => withViews(allTypes.map((t) => (t.uid === uid ? { ...t, view } : t)), actions);
  const can = (a) => actions.includes(a);
  // What a form needs to know of the schema and of the caller's rights.
  const ctx = useMemo(() => ({ types: allTypes, components, actions, sections: added.sections }), [allTypes, components, actions, added]);
  const pages = shown(added.pages, can);
  // The Settings pages the user's role may open, in the navigation's order.
  const settings = [['/settings/api-tokens', 'API Tokens', can('apiTokens.find')], ['/settings/locales', 'Internationalization', locales.length > 0],
    ['/settings/users', 'Users', can('users.find')], ['/settings/webhooks', 'Webhooks', can('webhooks.find')]].filter((x) => x[2]);
  const page = pageAt(pages, route);
  const [path, query = ''] = route.split('?');
  const [, section, apiID, doc] = path.split('/');
  const routeLocale = new URLSearchParams(query).get('locale') || '';
  const current = types && section === 'content' && types.find((t) => t.apiID === apiID);
  const single = section === 'single' && singles.find((t) => t.apiID === apiID);
  const configured = section === 'configure' && can('contentManager.configureView') && allTypes.find((t) => t.apiID === apiID);
  return html`<div class="layout">
    <nav aria-label="Content Manager">
      <h2>Content Manager</h2>
      ${types && html`<ul>${types.map((t) => html`<li key=${t.uid}>
        <a href=${`#/content/${t.apiID}`} aria-current=${current === t ? 'page' : undefined}>${t.schema.displayName}</a></li>`)}</ul>`}
      ${singles.length > 0 && html`<h3>Single types</h3><ul>${singles.map((t) => html`<li key=${t.uid}>
        <a href=${`#/single/${t.apiID}`} aria-current=${single === t ? 'page' : undefined}>${t.schema.displayName}</a></li>`)}</ul>`}
      ${(can('upload.find') || pages.length > 0) && html`<h2>Plugins</h2><ul>
        ${can('upload.find') && html`<li><a href="#/media" aria-current=${route === '/media' ? 'page' : undefined}>Media Library</a></li>`}
        ${pages.map((p) => html`<li key=${p.module + p.path}><a href=${`#/plugins/${p.plugin}/${p.path}`}
          aria-current=${page === p ? 'page' : undefined}>${p.label}</a></li>`)}</ul>`}
      ${settings.length > 0 && html`<h2>Settings</h2><ul>${settings.map(([at, label]) => html`<li key=${at}>
        <a href=${`#${at}`} aria-current=${route === at ? 'page' : undefined}>${label}</a></li>`)}</ul>`}
      <p><button class="secondary" type="button" onClick=${onSignOut}>Sign out</button></p>
    </nav>
    <main>
      ${error && html`<p class="error" role="alert">${error}</p>`}
      ${route === '/settings/api-tokens' && can('apiTokens.find') ? html`<${Tokens} api=${api} can=${can} types=${allTypes} />`
        : single ? html`<${Editor} key=${single.uid} api=${api} type=${single} single can=${can} ctx=${ctx} locales=${locales} />`
        : configured ? html`<${ConfigureView} key=${configured.uid} api=${api} type=${configured} editable=${viewsMeta.editable}
            file=${viewsMeta.file} onSaved=${viewSaved} />`
        : page ? html`<${Drawn} key=${page.module + page.path} addition=${page} api=${api} can=${can} />`
        : route === '/media' && can('upload.find') ? html`<${Media} api=${api} can=${can} />`
        : route === '/settings/locales' && locales.length > 0 ? html`<${Locales} locales=${locales} />`
        : route === '/settings/users' && can('users.find') ? html`<${Users} api=${api} can=${can} />`
        : route === '/settings/webhooks' && can('webhooks.find') ? html`<${Webhooks} api=${api} can=${can} types=${allTypes} />`
        : !current ? html`<${Home} api=${api} can=${can} cards=${shown(added.cards, can)} />`
        : doc ? html`<${Editor} key=${current.uid + doc} api=${api} type=${current} documentId=${doc === 'new' ? '' : doc} can=${can}
            ctx=${ctx} locales=${locales}
            initialLocale=${routeLocale} />`
          : html`<${List} key=${current.uid} api=${api} type=${current} types=${allTypes.filter((t) => can(`${t.apiID}.find`))} can=${can} locales=${locales} />`}
    </main>
  </div>`;
}

// Home is the panel's first page: the plugins' cards the caller may see.
function Home({ api, can, cards }) {
  return html`<h1>Welcome</h1><p>Choose a collection type.</p>
    ${cards.length > 0 && html`<div class="cards">${cards.map((c) => html`<section class="card" key=${c.module} aria-label=${c.label}>
      <h2>${c.label}</h2><${Drawn} addition=${c} api=${api} can=${can} /></section>`)}</div>`}`;
}
