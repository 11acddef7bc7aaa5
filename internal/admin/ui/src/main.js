// Kiln's admin panel: the sign-in, then the panel (panel.js). Vite builds
// it into ../dist, which the Go package internal/admin embeds (docs/admin.md).

import { render } from 'preact';
import { useState } from 'preact/hooks';
import { html } from 'htm/preact';
import { client } from './api.js';
import { Panel } from './panel.js';

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

render(html`<${App} />`, document.getElementById('app'));
