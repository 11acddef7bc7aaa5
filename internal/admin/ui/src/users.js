// Settings > Users: who may sign in, with which role, and who may not any
// more. A client of the users-and-auth routes, as Strapi's
// users-permissions plugin has them: GET and POST /api/users, PUT
// /api/users/:id (role, blocked), GET /api/users-permissions/roles.

import { useEffect, useState } from 'preact/hooks';
import { html } from 'htm/preact';

export function Users({ api, can }) {
  const [users, setUsers] = useState(null);
  const [roles, setRoles] = useState([]);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const blank = { username: '', email: '', password: '', role: '' };
  const [form, setForm] = useState(blank);
  const load = () => api.request('GET', '/api/users?populate=role&sort=username:asc&pagination[pageSize]=100')
    .then(setUsers).catch((err) => setError(err.message));
  useEffect(() => {
    load();
    api.request('GET', '/api/users-permissions/roles').then(({ roles: list }) => {
      setRoles(list);
      const authenticated = list.find((r) => r.type === 'authenticated') || list[0];
      if (authenticated) setForm((f) => ({ ...f, role: String(authenticated.id) }));
    }).catch((err) => setError(err.message));
  }, []);
  const run = async (call, done) => {
    setError('');
    setStatus('');
    try {
      await call();
      setStatus(done);
      load();
    } catch (err) {
      setError(err.message);
    }
  };
  const create = (e) => {
    e.preventDefault();
    run(async () => {
      await api.request('POST', '/api/users', { ...form, role: Number(form.role), confirmed: true });
      setForm({ ...blank, role: form.role });
    }, `Made ${form.username}.`);
  };
  const roleName = (u) => (u.role ? u.role.name : '—');
  return html`<h1>Users</h1>
    ${error && html`<p class="error" role="alert">${error}</p>`}
    ${status && html`<p class="saved" role="status">${status}</p>`}
    ${users && html`<div class="table-wrap"><table>
      <caption>${users.length} users</caption>
      <thead><tr><th scope="col">Username</th><th scope="col">Email</th><th scope="col">Role</th><th scope="col">Access</th></tr></thead>
      <tbody>${users.map((u) => html`<tr key=${u.id}>
        <td>${u.username}</td><td>${u.email}</td>
        <td>${can('users.update') && roles.length ? html`<select aria-label=${`Role of ${u.username}`} value=${u.role ? String(u.role.id) : ''}
            onChange=${(e) => run(() => api.request('PUT', `/api/users/${u.id}`, { role: Number(e.target.value) }),
              `${u.username} is now ${(roles.find((r) => String(r.id) === e.target.value) || {}).name}.`)}>
            ${roles.map((r) => html`<option value=${String(r.id)}>${r.name}</option>`)}</select>` : roleName(u)}</td>
        <td>${u.blocked ? 'Blocked' : 'Active'}
          ${can('users.update') && html` <button type="button" class="secondary" aria-label=${`${u.blocked ? 'Unblock' : 'Block'} ${u.username}`}
            onClick=${() => run(() => api.request('PUT', `/api/users/${u.id}`, { blocked: !u.blocked }),
              `${u.username} is ${u.blocked ? 'unblocked' : 'blocked'}.`)}>${u.blocked ? 'Unblock' : 'Block'}</button>`}</td>
      </tr>`)}</tbody></table></div>`}
    ${can('users.create') && roles.length > 0 && html`<form class="editor" aria-label="Create a user" onSubmit=${create}>
      <h2>Create a user</h2>
      <div class="field"><label for="user-username">Username</label>
        <input id="user-username" required value=${form.username} onInput=${(e) => setForm({ ...form, username: e.target.value })} /></div>
      <div class="field"><label for="user-email">Email</label>
        <input id="user-email" type="email" required value=${form.email} onInput=${(e) => setForm({ ...form, email: e.target.value })} /></div>
      <div class="field"><label for="user-password">Password</label>
        <input id="user-password" type="password" autocomplete="new-password" required value=${form.password}
          onInput=${(e) => setForm({ ...form, password: e.target.value })} /></div>
      <div class="field"><label for="user-role">Role</label>
        <select id="user-role" value=${form.role} onChange=${(e) => setForm({ ...form, role: e.target.value })}>
          ${roles.map((r) => html`<option value=${String(r.id)}>${r.name}</option>`)}</select></div>
      <div class="actions"><button type="submit">Create</button></div>
    </form>`}`;
}
