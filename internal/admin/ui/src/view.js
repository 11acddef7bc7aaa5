// "Configure the view" of a type (Strapi's): the field that names its
// entries, the list's columns in order, its page size and first sort.
// Saved to the project's config/views.yaml where the server writes it
// (config/admin.yaml development: true); elsewhere the page shows the
// lines to add to that file.

import { useState } from 'preact/hooks';
import { html } from 'htm/preact';
import { columnsOf, moved, viewYAML } from './api.js';

// namingTypes are the kinds a main field may be (internal/views).
const namingTypes = ['string', 'text', 'email', 'uid', 'enumeration', 'integer', 'biginteger', 'float', 'decimal',
  'date', 'datetime', 'time'];
export const pageSizes = [10, 20, 25, 50, 100];

// mainFieldChoices are the fields a type's main field may be.
export function mainFieldChoices(type) {
  const named = Object.entries(type.schema.attributes).filter(([, a]) => namingTypes.includes(a.type) && !a.private).map(([n]) => n);
  return [...named, 'id', 'documentId'];
}

// sortChoices are the fields a list may be sorted by first.
export const sortChoices = (type) => [...columnsOf(type, Infinity).map((c) => c.name), 'id', 'createdAt', 'updatedAt'];

export function ConfigureView({ api, type, editable, file, onSaved }) {
  const view = type.view || {};
  const all = columnsOf(type, Infinity).map((c) => c.name);
  const [mainField, setMainField] = useState(view.mainField || 'id');
  const [columns, setColumns] = useState(view.columns || []);
  const [pageSize, setPageSize] = useState(view.pageSize || 25);
  const [sortBy, setSortBy] = useState((view.sort || '').split(':')[0]);
  const [order, setOrder] = useState((view.sort || ':asc').split(':')[1] || 'asc');
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const next = { mainField, columns, pageSize, sort: sortBy ? `${sortBy}:${order}` : '' };
  const save = async (e) => {
    e.preventDefault();
    setStatus('');
    setError('');
    try {
      const { data } = await api.saveView(type.uid, next);
      onSaved(type.uid, data);
      setStatus(`Saved to ${file}.`);
    } catch (err) {
      setError(err.message);
    }
  };
  const toggle = (name, on) => setColumns(on ? [...columns, name] : columns.filter((c) => c !== name));
  return html`<h1>Configure the view of ${type.schema.displayName}</h1>
    <p><a href=${`#/content/${type.apiID}`}>Back to the list</a></p>
    ${!editable && html`<p class="muted" id="view-readonly">This server does not write ${file} (it does with
      <code>development: true</code> in config/admin.yaml). To keep this view, add these lines to the project's ${file}:</p>
      <pre aria-label=${`The lines for ${file}`}>${viewYAML(type.apiID, next)}</pre>`}
    <form class="editor" onSubmit=${save} aria-label=${`The view of ${type.schema.displayName}`}>
      <div class="field"><label for="view-main">Entry title (main field)</label>
        <select id="view-main" value=${mainField} onChange=${(e) => setMainField(e.target.value)}>
          ${mainFieldChoices(type).map((n) => html`<option value=${n}>${n}</option>`)}</select>
        <p class="muted">Names an entry in relations, lists and its form's title.</p></div>
      <fieldset class="field"><legend>Columns of the list</legend>
        <ol class="columns">${columns.map((c, i) => html`<li key=${c}><span>${c}</span>
          <button type="button" class="secondary" aria-label=${`Move ${c} up`} disabled=${i === 0} onClick=${() => setColumns(moved(columns, i, -1))}>↑</button>
          <button type="button" class="secondary" aria-label=${`Move ${c} down`} disabled=${i === columns.length - 1}
            onClick=${() => setColumns(moved(columns, i, 1))}>↓</button></li>`)}</ol>
        <div class="inline-choices">${all.map((n) => html`<label class="inline"><input type="checkbox" checked=${columns.includes(n)}
          onChange=${(e) => toggle(n, e.target.checked)} /> ${n}</label>`)}</div></fieldset>
      <div class="field"><label for="view-page-size">Entries per page</label>
        <select id="view-page-size" value=${String(pageSize)} onChange=${(e) => setPageSize(Number(e.target.value))}>
          ${pageSizes.map((n) => html`<option value=${String(n)}>${n}</option>`)}</select></div>
      <div class="field"><label for="view-sort">Sorted by</label>
        <select id="view-sort" value=${sortBy} onChange=${(e) => setSortBy(e.target.value)}>
          <option value="">The server's order</option>
          ${sortChoices(type).map((n) => html`<option value=${n}>${n}</option>`)}</select></div>
      ${sortBy && html`<div class="field"><label for="view-order">Order</label>
        <select id="view-order" value=${order} onChange=${(e) => setOrder(e.target.value)}>
          <option value="asc">Ascending</option><option value="desc">Descending</option></select></div>`}
      ${error && html`<p class="error" role="alert">${error}</p>`}
      ${status && html`<p class="saved" role="status">${status}</p>`}
      ${editable && html`<div class="actions"><button type="submit">Save</button></div>`}
    </form>`;
}
