// Settings: API tokens and webhooks.

import { useEffect, useState } from 'preact/hooks';
import { html } from 'htm/preact';
import { coreEvents, eventsOf, fieldErrors, lifespans, when } from './api.js';

// Webhooks is Settings > Webhooks: the webhooks, a form that makes one
// (its secret shown once), each one's last deliveries with Redeliver, and
// Delete.
export function Webhooks({ api, can }) {
  const [list, setList] = useState(null);
  const [form, setForm] = useState({ name: '', url: '', ticked: ['entry.create'], typed: '' });
  const [made, setMade] = useState(null);
  const [open, setOpen] = useState(null);
  const [deliveries, setDeliveries] = useState([]);
  const [errors, setErrors] = useState({ byField: {}, other: [] });
  const fail = (err) => setErrors(fieldErrors(err));
  const load = () => api.webhooks().then(({ data }) => setList(data)).catch(fail);
  const show = (h) => api.deliveries(h.id).then(({ data }) => { setOpen(h); setDeliveries(data); }).catch(fail);
  useEffect(() => { load(); }, []);
  const create = async (e) => {
    e.preventDefault();
    try {
      const { data } = await api.createWebhook({ name: form.name, url: form.url, events: eventsOf(form.ticked, form.typed) });
      setMade(data);
      setErrors({ byField: {}, other: [] });
      load();
    } catch (err) {
      fail(err);
    }
  };
  const remove = async (h) => {
    if (!window.confirm(`Delete the webhook "${h.name}" and its delivery log?`)) return;
    try {
      await api.deleteWebhook(h.id);
      if (open && open.id === h.id) setOpen(null);
      load();
    } catch (err) {
      fail(err);
    }
  };
  const tick = (ev, on) => setForm({ ...form, ticked: on ? [...form.ticked, ev] : form.ticked.filter((x) => x !== ev) });
  const fieldError = (name) => errors.byField[name] && html`<p class="field-error" id=${`hook-${name}-error`}>${errors.byField[name]}</p>`;
  return html`<h1>Webhooks</h1>
    ${errors.other.map((m) => html`<p class="error" role="alert">${m}</p>`)}
    ${made && html`<div class="token-made" role="status">
      <p>Webhook "${made.name}" made. Its signing secret is shown this once.</p>
      <label for="hook-secret">Secret</label><input id="hook-secret" readonly value=${made.secret} />
    </div>`}
    ${can('webhooks.create') && html`<form class="editor" onSubmit=${create}>
      <h2>Create new webhook</h2>
      <div class="field"><label for="hook-name">Name</label>
        <input id="hook-name" required value=${form.name} onInput=${(e) => setForm({ ...form, name: e.target.value })} />${fieldError('name')}</div>
      <div class="field"><label for="hook-url">URL</label>
        <input id="hook-url" type="url" required value=${form.url} onInput=${(e) => setForm({ ...form, url: e.target.value })} />${fieldError('url')}</div>
      <fieldset class="field"><legend>Events</legend>
        ${coreEvents.map((ev) => html`<label class="inline"><input type="checkbox" checked=${form.ticked.includes(ev)}
          onChange=${(e) => tick(ev, e.target.checked)} /> ${ev}</label>`)}
        <label for="hook-other">Other events (a plugin's, comma-separated)</label>
        <input id="hook-other" value=${form.typed} onInput=${(e) => setForm({ ...form, typed: e.target.value })} />${fieldError('events')}
      </fieldset>
      <div class="actions"><button type="submit">Save</button></div>
    </form>`}
    ${list && html`<div class="table-wrap"><table>
      <caption>${list.length} webhooks</caption>
      <thead><tr><th scope="col">Name</th><th scope="col">URL</th><th scope="col">Events</th><th scope="col">Enabled</th>
        <th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
      <tbody>${list.map((h) => html`<tr key=${h.id}><td>${h.name}</td><td>${h.url}</td><td>${(h.events || []).join(', ')}</td>
        <td>${h.enabled ? 'Yes' : 'No'}</td><td class="actions">
          ${can('webhooks.deliveries') && html`<button type="button" class="secondary" aria-label=${`Deliveries of ${h.name}`} onClick=${() => show(h)}>Deliveries</button>`}
          ${can('webhooks.delete') && h.source !== 'config' && html`<button type="button" class="danger" aria-label=${`Delete ${h.name}`} onClick=${() => remove(h)}>Delete</button>`}
        </td></tr>`)}</tbody>
    </table></div>`}
    ${open && html`<section aria-label=${`Deliveries of ${open.name}`}>
      <h2>Deliveries of ${open.name}</h2>
      <p><button type="button" class="secondary" onClick=${() => show(open)}>Refresh</button></p>
      <div class="table-wrap"><table>
        <caption>${deliveries.length} deliveries</caption>
        <thead><tr><th scope="col">Event</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Answer</th>
          <th scope="col">Made</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
        <tbody>${deliveries.map((d) => html`<tr key=${d.id}><td>${d.event}</td><td>${d.status}</td><td>${d.attempts}</td>
          <td>${d.lastStatus || d.lastError || ''}</td><td>${when(d.createdAt)}</td><td>
          ${can('webhooks.redeliver') && html`<button type="button" class="secondary" aria-label=${`Redeliver ${d.id}`}
            onClick=${() => api.redeliver(open.id, d.id).then(() => show(open)).catch(fail)}>Redeliver</button>`}</td></tr>`)}</tbody>
      </table></div>
    </section>`}`;
}

// Tokens is Settings > API Tokens: the tokens, a form that makes one and
// shows it this once, and Revoke.
export function Tokens({ api, can }) {
  const [list, setList] = useState(null);
  const [made, setMade] = useState(null);
  const [form, setForm] = useState({ name: '', description: '', type: 'read-only', lifespan: '' });
  const [errors, setErrors] = useState({ byField: {}, other: [] });
  const load = () => api.tokens().then(({ data }) => setList(data)).catch((err) => setErrors({ byField: {}, other: [err.message] }));
  useEffect(() => { load(); }, []);
  const create = async (e) => {
    e.preventDefault();
    try {
      const lifespan = form.lifespan === '' ? null : Number(form.lifespan);
      const { data } = await api.createToken({ name: form.name, description: form.description, type: form.type, lifespan });
      setMade(data);
      setErrors({ byField: {}, other: [] });
      setForm({ ...form, name: '', description: '' });
      load();
    } catch (err) {
      setErrors(fieldErrors(err));
    }
  };
  const revoke = async (t) => {
    if (!window.confirm(`Revoke the token "${t.name}"? Requests with it are refused from now on.`)) return;
    try {
      await api.revokeToken(t.id);
      load();
    } catch (err) {
      setErrors(fieldErrors(err));
    }
  };
  return html`<h1>API Tokens</h1>
    ${errors.other.map((m) => html`<p class="error" role="alert">${m}</p>`)}
    ${made && html`<div class="token-made" role="status">
      <p>Token "${made.name}" made. This is the only time it is shown: copy it now.</p>
      <label for="access-key">Token</label>
      <input id="access-key" readonly value=${made.accessKey} onFocus=${(e) => e.target.select()} />
    </div>`}
    ${can('apiTokens.create') && html`<form class="editor" onSubmit=${create}>
      <h2>Create new API token</h2>
      <div class="field"><label for="token-name">Name</label>
        <input id="token-name" required value=${form.name} aria-invalid=${errors.byField.name ? 'true' : undefined}
          aria-describedby=${errors.byField.name ? 'token-name-error' : undefined} onInput=${(e) => setForm({ ...form, name: e.target.value })} />
        ${errors.byField.name && html`<p class="field-error" id="token-name-error">${errors.byField.name}</p>`}</div>
      <div class="field"><label for="token-description">Description</label>
        <input id="token-description" value=${form.description} onInput=${(e) => setForm({ ...form, description: e.target.value })} /></div>
      <div class="field"><label for="token-type">Token type</label>
        <select id="token-type" value=${form.type} onChange=${(e) => setForm({ ...form, type: e.target.value })}>
          <option value="read-only">Read-only</option><option value="full-access">Full access</option></select></div>
      <div class="field"><label for="token-lifespan">Token duration</label>
        <select id="token-lifespan" value=${form.lifespan} onChange=${(e) => setForm({ ...form, lifespan: e.target.value })}>
          ${lifespans.map(([label, ms]) => html`<option value=${ms === null ? '' : String(ms)}>${label}</option>`)}</select></div>
      <div class="actions"><button type="submit">Save</button></div>
    </form>`}
    ${list && html`<div class="table-wrap"><table>
      <caption>${list.length} tokens</caption>
      <thead><tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Expires</th><th scope="col">Last used</th><th scope="col">Created</th>
        <th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
      <tbody>${list.map((t) => html`<tr key=${t.id}><td>${t.name}</td><td>${t.type}</td><td>${when(t.expiresAt)}</td>
        <td>${when(t.lastUsedAt)}</td><td>${when(t.createdAt)}</td>
        <td>${can('apiTokens.delete') && html`<button type="button" class="danger" aria-label=${`Revoke ${t.name}`} onClick=${() => revoke(t)}>Revoke</button>`}</td></tr>`)}</tbody>
    </table></div>`}`;
}
