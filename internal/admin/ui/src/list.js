// A collection's list, and the locale switch it shares with the form.

import { useEffect, useState } from 'preact/hooks';
import { html } from 'htm/preact';
import { cell, columnsOf, localized, nextSort, searchFieldOf } from './api.js';
import { filterFields, filterParts } from './filters.js';
import { Filters } from './filterbar.js';

// LocaleSwitch chooses the locale a localized type is read and written in.
export function LocaleSwitch({ id, locales, value, onChange }) {
  return html`<div class="locale"><label for=${id}>Locale</label>
    <select id=${id} value=${value} onChange=${(e) => onChange(e.target.value)}>
      ${locales.map((l) => html`<option value=${l.code}>${l.name}</option>`)}</select></div>`;
}

// defaultLocale is the configured default's code, or '' (the server's).
export const defaultLocale = (locales) => (locales.find((l) => l.isDefault) || locales[0] || { code: '' }).code;

// List is a collection's entries, a page at a time, sorted by a column
// and narrowed by the search and the filters.
export function List({ api, type, can, locales = [] }) {
  const i18n = localized(type) && locales.length > 0;
  const [locale, setLocale] = useState(i18n ? defaultLocale(locales) : '');
  // The type's view (config/views.yaml) gives the columns, their order,
  // the page size and the first sort; "Columns" changes them for now.
  const view = type.view || {};
  const all = columnsOf(type, Infinity);
  const [shown, setShown] = useState(view.columns || columnsOf(type).map((c) => c.name));
  const columns = shown.map((n) => all.find((c) => c.name === n)).filter(Boolean);
  const pageSize = view.pageSize || 25;
  const searchField = searchFieldOf(type);
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState([]);
  const [typed, setTyped] = useState('');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState(view.sort || '');
  const [answer, setAnswer] = useState(null);
  const [error, setError] = useState('');
  const drafts = type.schema.draftAndPublish;
  const [published, setPublished] = useState(new Set());
  useEffect(() => {
    setError('');
    // With draft & publish the list is of the drafts, every entry's, with
    // whether it has a published version beside.
    // An answer to a request a later one has replaced (the first page
    // answering after the search's) is dropped: the list shows the last
    // request's answer, whatever order they come back in.
    let latest = true;
    api.list(type.schema.pluralName, { page, sort, pageSize, status: drafts ? 'draft' : '', search, searchField, locale, filters: filterParts(filters) })
      .then(async (a) => {
        const pub = drafts ? await api.published(type.schema.pluralName, a.data.map((e) => e.documentId), locale) : null;
        if (!latest) return;
        if (pub) setPublished(pub);
        setAnswer(a);
      })
      // A refused request (a filter's value the server cannot read) leaves
      // no table behind: the rows shown would not be the ones asked for.
      .catch((err) => { if (latest) { setError(err.message); setAnswer(null); } });
    return () => { latest = false; };
  }, [page, sort, search, locale, filters]);
  const pg = answer && answer.meta.pagination;
  const ariaSort = (name) => (sort === `${name}:asc` ? 'ascending' : sort === `${name}:desc` ? 'descending' : undefined);
  const link = (e) => `#/content/${type.apiID}/${e.documentId}${locale ? `?locale=${locale}` : ''}`;
  return html`<h1>${type.schema.displayName}</h1>
    <p class="actions">${can(`${type.apiID}.create`) && html`<a class="button" href=${`#/content/${type.apiID}/new`}>Create new entry</a>`}
      ${can('contentManager.configureView') && html`<a class="button secondary" href=${`#/configure/${type.apiID}`}>Configure the view</a>`}</p>
    <div class="tools">
      ${i18n && html`<${LocaleSwitch} id="list-locale" locales=${locales} value=${locale} onChange=${(l) => { setLocale(l); setPage(1); }} />`}
      ${searchField && html`<form role="search" onSubmit=${(e) => { e.preventDefault(); setSearch(typed); setPage(1); }}>
        <label for="search">Search</label>
        <input id="search" type="search" value=${typed} onInput=${(e) => setTyped(e.target.value)} />
        <button type="submit" class="secondary">Search</button>
      </form>`}
      <details>
        <summary>Columns</summary>
        <fieldset><legend>Columns to show</legend>
          ${all.map((c) => html`<label><input type="checkbox" checked=${shown.includes(c.name)}
            onChange=${(e) => setShown(e.target.checked ? [...shown, c.name] : shown.filter((n) => n !== c.name))} /> ${c.name}</label>`)}
        </fieldset>
      </details>
      <${Filters} fields=${filterFields(type)} filters=${filters} onChange=${(f) => { setFilters(f); setPage(1); }} />
    </div>
    ${error && html`<p class="error" role="alert">${error}</p>`}
    ${answer && html`<div class="table-wrap"><table>
      <caption>${pg.total} entries</caption>
      <thead><tr><th scope="col">id</th>${columns.map((c) => html`<th scope="col" aria-sort=${ariaSort(c.name)}>
        <button type="button" onClick=${() => { setSort(nextSort(sort, c.name)); setPage(1); }}>${c.name}</button></th>`)}
        ${drafts && html`<th scope="col">Status</th>`}</tr></thead>
      <tbody>${answer.data.map((e) => html`<tr key=${e.documentId}><td><a href=${link(e)} aria-label=${`Edit entry ${e.id}`}>${e.id}</a></td>${columns.map((c) => html`<td>${cell(e[c.name])}</td>`)}${drafts && html`<td>${published.has(e.documentId) ? 'Published' : 'Draft'}</td>`}</tr>`)}</tbody>
    </table></div>
    <div class="pager">
      <button type="button" class="secondary" disabled=${page <= 1} onClick=${() => setPage(page - 1)}>Previous</button>
      <span>Page ${pg.page} of ${Math.max(pg.pageCount, 1)}</span>
      <button type="button" class="secondary" disabled=${page >= pg.pageCount} onClick=${() => setPage(page + 1)}>Next</button>
    </div>`}`;
}
