import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { html } from 'htm/preact';
import { cell, client, collectionTypes, columnsOf, nextSort } from './api.js';
import './style.css';

// The session's token lives in sessionStorage: it ends with the tab, on
// sign-out, and when the server stops taking it (expired, revoked,
// blocked: any 401).
const store = window.sessionStorage;
const TOKEN = 'kiln-admin-token';

function App() {
  const [token, setToken] = useState(store.getItem(TOKEN) || '');
  const [notice, setNotice] = useState('');
  const signOut = (message = '') => {
    store.removeItem(TOKEN);
    setToken('');
    setNotice(message);
  };
  const api = client({ token: () => store.getItem(TOKEN) || '', onExpired: () => signOut('Your session has ended. Sign in again.') });
  if (!token) {
    return html`<${SignIn} api=${api} notice=${notice} onSignedIn=${(t) => { store.setItem(TOKEN, t); setNotice(''); setToken(t); }} />`;
  }
  return html`<${Panel} api=${api} onSignOut=${() => signOut()} />`;
}

// SignIn is Strapi's admin sign-in: Email, Password, Login. Only a role
// config/admin.yaml lets in keeps its session.
function SignIn({ api, notice, onSignedIn }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState(notice);
  const [busy, setBusy] = useState(false);
  const submit = async (e) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      const { jwt } = await api.signIn(email, password);
      const as = client({ token: () => jwt });
      const [{ data: me }, settings] = await Promise.all([as.permissions(), api.settings()]);
      if (!settings.roles.includes(me.role)) {
        setError('This account may not use the admin panel.');
        return;
      }
      onSignedIn(jwt);
    } catch (err) {
      setError(err.message);
    } finally {
      setBusy(false);
    }
  };
  return html`<main class="signin">
    <h1>Kiln</h1>
    <form onSubmit=${submit}>
      <label for="email">Email</label>
      <input id="email" type="email" autocomplete="username" required value=${email} onInput=${(e) => setEmail(e.target.value)} />
      <label for="password">Password</label>
      <input id="password" type="password" autocomplete="current-password" required value=${password} onInput=${(e) => setPassword(e.target.value)} />
      ${error && html`<p class="error" role="alert">${error}</p>`}
      <button type="submit" disabled=${busy}>Login</button>
    </form>
  </main>`;
}

// route is the part of the address after #: /content/<apiID>.
function useRoute() {
  const [hash, setHash] = useState(window.location.hash);
  useEffect(() => {
    const on = () => setHash(window.location.hash);
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  return hash.replace(/^#/, '');
}

function Panel({ api, onSignOut }) {
  const [types, setTypes] = useState(null);
  const [error, setError] = useState('');
  const route = useRoute();
  useEffect(() => {
    Promise.all([api.contentTypes(), api.permissions()])
      .then(([ct, me]) => setTypes(collectionTypes(ct.data, me.data.actions)))
      .catch((err) => setError(err.message));
  }, []);
  const current = types && types.find((t) => route === `/content/${t.apiID}`);
  return html`<div class="layout">
    <nav aria-label="Content Manager">
      <h2>Content Manager</h2>
      ${types && html`<ul>${types.map((t) => html`<li key=${t.uid}>
        <a href=${`#/content/${t.apiID}`} aria-current=${current === t ? 'page' : undefined}>${t.schema.displayName}</a></li>`)}</ul>`}
      <p><button class="secondary" type="button" onClick=${onSignOut}>Sign out</button></p>
    </nav>
    <main>
      ${error && html`<p class="error" role="alert">${error}</p>`}
      ${current ? html`<${List} key=${current.uid} api=${api} type=${current} />` : html`<h1>Welcome</h1><p>Choose a collection type.</p>`}
    </main>
  </div>`;
}

// List is a collection's entries, a page at a time, sorted by a column.
function List({ api, type }) {
  const columns = columnsOf(type);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState('');
  const [answer, setAnswer] = useState(null);
  const [error, setError] = useState('');
  useEffect(() => {
    setError('');
    api.list(type.schema.pluralName, { page, sort, pageSize: 25 }).then(setAnswer).catch((err) => setError(err.message));
  }, [page, sort]);
  const pg = answer && answer.meta.pagination;
  const ariaSort = (name) => (sort === `${name}:asc` ? 'ascending' : sort === `${name}:desc` ? 'descending' : undefined);
  return html`<h1>${type.schema.displayName}</h1>
    ${error && html`<p class="error" role="alert">${error}</p>`}
    ${answer && html`<div class="table-wrap"><table>
      <caption>${pg.total} entries</caption>
      <thead><tr><th scope="col">id</th>${columns.map((c) => html`<th scope="col" aria-sort=${ariaSort(c.name)}>
        <button type="button" onClick=${() => { setSort(nextSort(sort, c.name)); setPage(1); }}>${c.name}</button></th>`)}</tr></thead>
      <tbody>${answer.data.map((e) => html`<tr key=${e.documentId}><td>${e.id}</td>${columns.map((c) => html`<td>${cell(e[c.name])}</td>`)}</tr>`)}</tbody>
    </table></div>
    <div class="pager">
      <button type="button" class="secondary" disabled=${page <= 1} onClick=${() => setPage(page - 1)}>Previous</button>
      <span>Page ${pg.page} of ${Math.max(pg.pageCount, 1)}</span>
      <button type="button" class="secondary" disabled=${page >= pg.pageCount} onClick=${() => setPage(page + 1)}>Next</button>
    </div>`}`;
}

render(html`<${App} />`, document.getElementById('app'));
