// Settings: API tokens and webhooks.

import { useEffect, useLayoutEffect, useMemo, useState } from 'preact/hooks';
import { html } from 'htm/preact';
import { coreEvents, fieldErrors, lifespans, when } from './api.js';
import { gridColumns, hookBody, hookChanges, hookForm, hookTypes, permissionsOf, refusedAt, rowState, tickRow, tokenGrid } from './access.js';

// Webhooks is Settings > Webhooks: the webhooks, a form that makes one
// (its secret shown once) or edits one, each one's last deliveries with
// Redeliver, and Delete.
export function Webhooks({ api, can, types = [] }) {
  const blank = { name: '', url: '', ticked: ['entry.create'], typed: '', enabled: true, types: [], headers: '' };
  const typeChoices = useMemo(() => hookTypes(types), [types]);
  const [list, setList] = useState(null);
  const [form, setForm] = useState(blank);
  // editing is the webhook the form edits; null: the form makes one.
  const [editing, setEditing] = useState(null);
  const [made, setMade] = useState(null);
  const [saved, setSaved] = useState('');
  const [open, setOpen] = useState(null);
  const [deliveries, setDeliveries] = useState([]);
  const [errors, setErrors] = useState(noErrors);
  // focusOn is the id of the control to take the focus once drawn: the
  // form's first input when it opens, the row's Edit when it closes. A
  // layout effect: at once, not at the next frame, when typing may have
  // begun in another input.
  const [focusOn, setFocusOn] = useState('');
  useLayoutEffect(() => {
    const el = focusOn && document.getElementById(focusOn);
    if (el) { el.focus(); setFocusOn(''); }
  }, [focusOn, list, editing]);
  const fail = (err) => setErrors(fieldErrors(err));
  const load = () => api.webhooks().then(({ data }) => setList(data)).catch(fail);
  const show = (h) => api.deliveries(h.id).then(({ data }) => { setOpen(h); setDeliveries(data); }).catch(fail);
  useEffect(() => { load(); }, []);
  const create = async () => {
    const { data: body, errors: bad } = hookBody(form);
    if (Object.keys(bad).length) {
      setErrors({ byField: bad, other: [] });
      return false;
    }
    const { data } = await api.createWebhook(body);
    setMade(data);
    return true;
  };
  const close = (h) => {
    setEditing(null);
    setForm(blank);
    setErrors(noErrors);
    if (h) setFocusOn(`hook-edit-${h.id}`);
  };
  // update sends only what the form changed: PUT keeps what it does not
  // name (the secret, which the form never shows).
  const update = async () => {
    const { data, errors: bad } = hookChanges(editing, form);
    if (Object.keys(bad).length) {
      setErrors({ byField: bad, other: [] });
      return false;
    }
    if (Object.keys(data).length) await api.updateWebhook(editing.id, data);
    setSaved(Object.keys(data).length ? `Webhook "${data.name || editing.name}" saved.` : `Webhook "${editing.name}": nothing changed.`);
    close(editing);
    return true;
  };
  const submit = async (e) => {
    e.preventDefault();
    setSaved('');
    setMade(null);
    try {
      if (editing) {
        if (!(await update())) return;
      } else {
        if (!(await create())) return;
        setErrors(noErrors);
      }
      load();
    } catch (err) {
      fail(err);
    }
  };
  const edit = (h) => {
    setEditing(h);
    setForm(hookForm(h));
    setErrors(noErrors);
    setMade(null);
    setSaved('');
    setFocusOn('hook-name');
  };
  const remove = async (h) => {
    if (!window.confirm(`Delete the webhook "${h.name}" and its delivery log?`)) return;
    try {
      await api.deleteWebhook(h.id);
      if (open && open.id === h.id) setOpen(null);
      if (editing && editing.id === h.id) close();
      load();
    } catch (err) {
      fail(err);
    }
  };
  const showForm = editing ? can('webhooks.update') : can('webhooks.create');
  // A refusal at a field the form does not show (the secret) is shown
  // above it, not lost.
  const stray = Object.entries(errors.byField).filter(([k]) => !['name', 'url', 'events', 'types', 'headers'].includes(k)).map(([, m]) => m);
  return html`<h1>Webhooks</h1>
    ${[...errors.other, ...stray].map((m) => html`<p class="error" role="alert">${m}</p>`)}
    ${saved && html`<p class="saved" role="status">${saved}</p>`}
    ${made && html`<div class="token-made" role="status">
      <p>Webhook "${made.name}" made. Its signing secret is shown this once.</p>
      <label for="hook-secret">Secret</label><input id="hook-secret" readonly value=${made.secret} />
    </div>`}
    ${showForm && html`<${HookForm} title=${editing ? `Edit webhook ${editing.name}` : 'Create new webhook'}
      form=${form} setForm=${setForm} errors=${errors.byField} typeChoices=${typeChoices} onSubmit=${submit} onCancel=${editing && (() => close(editing))} />`}
    ${list && html`<div class="table-wrap"><table>
      <caption>${list.length} webhooks</caption>
      <thead><tr><th scope="col">Name</th><th scope="col">URL</th><th scope="col">Events</th><th scope="col">Types</th><th scope="col">Enabled</th>
        <th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
      <tbody>${list.map((h) => html`<tr key=${h.id}><td>${h.name}</td><td>${h.url}</td><td>${(h.events || []).join(', ')}</td>
        <td>${(h.types || []).length ? h.types.join(', ') : 'all'}</td><td>${h.enabled ? 'Yes' : 'No'}</td><td class="actions">
          ${can('webhooks.deliveries') && html`<button type="button" class="secondary" aria-label=${`Deliveries of ${h.name}`} onClick=${() => show(h)}>Deliveries</button>`}
          ${can('webhooks.update') && h.source !== 'config' && html`<button type="button" class="secondary" id=${`hook-edit-${h.id}`}
            aria-label=${`Edit ${h.name}`} onClick=${() => edit(h)}>Edit</button>`}
          ${can('webhooks.delete') && h.source !== 'config' && html`<button type="button" class="danger" aria-label=${`Delete ${h.name}`} onClick=${() => remove(h)}>Delete</button>`}
          ${h.source === 'config' && html`<span class="muted">from config/webhooks.yaml</span>`}
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

const noErrors = { byField: {}, other: [] };

// invalid are the attributes that tie an input to its field's error, so
// that a screen reader reads the error with the input.
const invalid = (errors, field, id) => (errors[field]
  ? { 'aria-invalid': 'true', 'aria-describedby': id } : {});

// HookForm is the webhook form, the same to make one and to edit one:
// name, URL, the core's events as boxes and the others typed, the
// content types it is narrowed to, its own headers, enabled. Escape,
// like Cancel, leaves an edit.
function HookForm({ title, form, setForm, errors, typeChoices, onSubmit, onCancel }) {
  const set = (key, value) => setForm({ ...form, [key]: value });
  const pickType = (name, on) => set('types', on ? [...form.types, name] : form.types.filter((x) => x !== name));
  const tick = (ev, on) => set('ticked', on ? [...form.ticked, ev] : form.ticked.filter((x) => x !== ev));
  const fieldError = (name) => errors[name] && html`<p class="field-error" id=${`hook-${name}-error`}>${errors[name]}</p>`;
  const onKeyDown = (e) => { if (e.key === 'Escape' && onCancel) onCancel(); };
  return html`<form class="editor" onSubmit=${onSubmit} onKeyDown=${onKeyDown} aria-labelledby="hook-form-title">
    <h2 id="hook-form-title">${title}</h2>
    <div class="field"><label for="hook-name">Name</label>
      <input id="hook-name" required value=${form.name} ...${invalid(errors, 'name', 'hook-name-error')}
        onInput=${(e) => set('name', e.target.value)} />${fieldError('name')}</div>
    <div class="field"><label for="hook-url">URL</label>
      <input id="hook-url" type="url" required value=${form.url} ...${invalid(errors, 'url', 'hook-url-error')}
        onInput=${(e) => set('url', e.target.value)} />${fieldError('url')}</div>
    <fieldset class="field"><legend>Events</legend>
      ${coreEvents.map((ev) => html`<label class="inline"><input type="checkbox" checked=${form.ticked.includes(ev)}
        onChange=${(e) => tick(ev, e.target.checked)} /> ${ev}</label>`)}
      <label for="hook-other">Other events (a plugin's, comma-separated)</label>
      <input id="hook-other" value=${form.typed} ...${invalid(errors, 'events', 'hook-events-error')}
        onInput=${(e) => set('typed', e.target.value)} />${fieldError('events')}
    </fieldset>
    <fieldset class="field"><legend>Content types (none ticked: every type)</legend>
      ${typeChoices.map((t) => html`<label class="inline"><input type="checkbox" checked=${form.types.includes(t.name)}
        onChange=${(e) => pickType(t.name, e.target.checked)} /> ${t.label}</label>`)}
      ${errors.types && html`<p class="field-error">${errors.types}</p>`}
    </fieldset>
    <div class="field"><label for="hook-headers">Headers</label>
      <p class="muted" id="hook-headers-help">One per line, as X-Team: growth</p>
      <textarea id="hook-headers" rows="3" value=${form.headers} aria-describedby="hook-headers-help"
        ...${invalid(errors, 'headers', 'hook-headers-help hook-headers-error')}
        onInput=${(e) => set('headers', e.target.value)} />${fieldError('headers')}</div>
    <div class="field"><label class="inline"><input type="checkbox" id="hook-enabled" checked=${form.enabled}
      onChange=${(e) => set('enabled', e.target.checked)} /> Enabled</label></div>
    <div class="actions"><button type="submit">Save</button>
      ${onCancel && html`<button type="button" class="secondary" onClick=${onCancel}>Cancel</button>`}</div>
  </form>`;
}

// Tokens is Settings > API Tokens: the tokens, a form that makes one and
// shows it this once, and Revoke. A custom token's actions are ticked in
// a grid of the content types (types: the schema) or typed.
export function Tokens({ api, can, types = [] }) {
  const grid = useMemo(() => tokenGrid(types), [types]);
  const blank = { name: '', description: '', type: 'read-only', lifespan: '', ticked: new Set(), typed: '' };
  const [list, setList] = useState(null);
  const [made, setMade] = useState(null);
  const [form, setForm] = useState(blank);
  const [errors, setErrors] = useState(noErrors);
  const load = () => api.tokens().then(({ data }) => setList(data)).catch((err) => setErrors({ byField: {}, other: [err.message] }));
  useEffect(() => { load(); }, []);
  const create = async (e) => {
    e.preventDefault();
    try {
      const lifespan = form.lifespan === '' ? null : Number(form.lifespan);
      const body = { name: form.name, description: form.description, type: form.type, lifespan };
      if (form.type === 'custom') body.permissions = permissionsOf(grid, form.ticked, form.typed);
      const { data } = await api.createToken(body);
      setMade(data);
      setErrors(noErrors);
      setForm({ ...form, name: '', description: '', ticked: new Set(), typed: '' });
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
  const refused = errors.byField.permissions;
  const at = refused ? refusedAt(refused, form.typed) : '';
  const refusal = html`<p class="field-error" id="token-permissions-error">${refused}</p>`;
  // The other fields' refusals (type, lifespan) have no place of their
  // own: shown above the form.
  const stray = Object.entries(errors.byField).filter(([k]) => !['name', 'permissions'].includes(k)).map(([, m]) => m);
  return html`<h1>API Tokens</h1>
    ${[...errors.other, ...stray].map((m) => html`<p class="error" role="alert">${m}</p>`)}
    ${made && html`<div class="token-made" role="status">
      <p>Token "${made.name}" made. This is the only time it is shown: copy it now.</p>
      <label for="access-key">Token</label>
      <input id="access-key" readonly value=${made.accessKey} onFocus=${(e) => e.target.select()} />
    </div>`}
    ${can('apiTokens.create') && html`<form class="editor" onSubmit=${create}>
      <h2>Create new API token</h2>
      <div class="field"><label for="token-name">Name</label>
        <input id="token-name" required value=${form.name} ...${invalid(errors.byField, 'name', 'token-name-error')}
          onInput=${(e) => setForm({ ...form, name: e.target.value })} />
        ${errors.byField.name && html`<p class="field-error" id="token-name-error">${errors.byField.name}</p>`}</div>
      <div class="field"><label for="token-description">Description</label>
        <input id="token-description" value=${form.description} onInput=${(e) => setForm({ ...form, description: e.target.value })} /></div>
      <div class="field"><label for="token-type">Token type</label>
        <select id="token-type" value=${form.type} onChange=${(e) => setForm({ ...form, type: e.target.value })}>
          <option value="read-only">Read-only</option><option value="full-access">Full access</option>
          <option value="custom">Custom</option></select></div>
      ${form.type === 'custom' && html`<fieldset class="field permissions" aria-describedby=${at === 'grid' ? 'token-permissions-error' : undefined}>
        <legend>Permissions</legend>
        ${at === 'grid' && refusal}
        <${ActionGrid} grid=${grid} ticked=${form.ticked} onTick=${(ticked) => setForm({ ...form, ticked })} />
        <label for="token-other">Other actions (a plugin's, comma-separated, as <code>kiln routes</code> lists them)</label>
        <input id="token-other" value=${form.typed} placeholder="analytics.dashboard, users.find"
          ...${at === 'typed' ? { 'aria-invalid': 'true', 'aria-describedby': 'token-permissions-error' } : {}}
          onInput=${(e) => setForm({ ...form, typed: e.target.value })} />
        ${at === 'typed' && refusal}
      </fieldset>`}
      <div class="field"><label for="token-lifespan">Token duration</label>
        <select id="token-lifespan" value=${form.lifespan} onChange=${(e) => setForm({ ...form, lifespan: e.target.value })}>
          ${lifespans.map(([label, ms]) => html`<option value=${ms === null ? '' : String(ms)}>${label}</option>`)}</select></div>
      <div class="actions"><button type="submit">Save</button></div>
    </form>`}
    ${list && html`<div class="table-wrap"><table>
      <caption>${list.length} tokens</caption>
      <thead><tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Permissions</th><th scope="col">Expires</th>
        <th scope="col">Last used</th><th scope="col">Created</th>
        <th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
      <tbody>${list.map((t) => html`<tr key=${t.id}><td>${t.name}</td><td>${t.type}</td>
        <td>${t.type === 'custom' ? html`<details><summary>${t.permissions.length} actions</summary>
          <ul class="plain">${t.permissions.map((a) => html`<li>${a}</li>`)}</ul></details>` : 'all its type allows'}</td>
        <td>${when(t.expiresAt)}</td><td>${when(t.lastUsedAt)}</td><td>${when(t.createdAt)}</td>
        <td>${can('apiTokens.delete') && html`<button type="button" class="danger" aria-label=${`Revoke ${t.name}`} onClick=${() => revoke(t)}>Revoke</button>`}</td></tr>`)}</tbody>
    </table></div>`}`;
}

// ActionGrid is a custom token's actions: a row per content type, a box
// per action ("program find") and one that ticks the row's all. A type
// has no box for an action it has not (a single type's findOne).
function ActionGrid({ grid, ticked, onTick }) {
  const tick = (a, on) => {
    const out = new Set(ticked);
    on ? out.add(a) : out.delete(a);
    onTick(out);
  };
  return html`<div class="table-wrap"><table class="grid">
    <caption>Actions of each content type</caption>
    <thead><tr><th scope="col">Content type</th><th scope="col">Select all</th>
      ${gridColumns.map((c) => html`<th scope="col">${c}</th>`)}</tr></thead>
    <tbody>${grid.map((row) => {
      const state = rowState(ticked, row);
      return html`<tr key=${row.apiID}><th scope="row">${row.label}</th>
        <td><input type="checkbox" aria-label=${`${row.apiID} select all`} checked=${state === 'all'}
          indeterminate=${state === 'some'} onChange=${(e) => onTick(tickRow(ticked, row, e.target.checked))} /></td>
        ${gridColumns.map((c) => {
          const a = `${row.apiID}.${c}`;
          return html`<td>${row.actions.includes(a) && html`<input type="checkbox" aria-label=${`${row.apiID} ${c}`}
            checked=${ticked.has(a)} onChange=${(e) => tick(a, e.target.checked)} />`}</td>`;
        })}</tr>`;
    })}</tbody>
  </table></div>`;
}
