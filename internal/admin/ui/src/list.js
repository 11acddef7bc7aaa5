// A collection's list, and the locale switch it shares with the form.

import { useEffect, useState } from 'preact/hooks';
import { html } from 'htm/preact';
import { cell, columnsOf, localized, nextSort, searchFieldOf } from './api.js';
import { filterFields, filterParts } from './filters.js';
import { Filters } from './filterbar.js';
import { listAddress, listStateOf } from './liststate.js';
import { Bulk, canBulk } from './bulk.js';

// LocaleSwitch chooses the locale a localized type is read and written in.
export function LocaleSwitch({ id, locales, value, onChange }) {
  return html`<div class="locale"><label for=${id}>Locale</label>
    <select id=${id} value=${value} onChange=${(e) => onChange(e.target.value)}>
      ${locales.map((l) => html`<option value=${l.code}>${l.name}</option>`)}</select></div>`;
}

// defaultLocale is the configured default's code, or '' (the server's).
export const defaultLocale = (locales) => (locales.find((l) => l.isDefault) || locales[0] || { code: '' }).code;

// availableOf is the "Available in" cell of an entry of a localized type:
// the codes of its locales, in the configured order.
export const availableOf = (codes = [], locales = []) => locales.filter((l) => codes.includes(l.code)).map((l) => l.code).join(', ');

// addressed is the list's state in the address now (liststate.js).
const addressed = (type, types) => listStateOf(window.location.hash.split('?')[1] || '', type, types);

// List is a collection's entries, a page at a time, sorted by a column
// and narrowed by the search and the filters, all kept in the address
// (a filtered list is a link); entries chosen are published or deleted
// together (bulk.js).
export function List({ api, type, types = [], can, locales = [] }) {
  const i18n = localized(type) && locales.length > 0;
  const from = addressed(type, types);
  const [locale, setLocale] = useState(i18n ? from.locale || defaultLocale(locales) : '');
  // The type's view (config/views.yaml) gives the columns, their order,
  // the page size and the first sort; "Columns" changes them for now.
  const view = type.view || {};
  const all = columnsOf(type, Infinity);
  const [shown, setShown] = useState(view.columns || columnsOf(type).map((c) => c.name));
  const columns = shown.map((n) => all.find((c) => c.name === n)).filter(Boolean);
  const pageSize = view.pageSize || 25;
  const searchField = searchFieldOf(type);
  const [search, setSearch] = useState(from.search);
  const [filters, setFilters] = useState(from.filters);
  const [typed, setTyped] = useState(from.search);
  const [page, setPage] = useState(from.page);
  const [sort, setSort] = useState(from.sort || view.sort || '');
  const [reload, setReload] = useState(0);
  const [chosen, setChosen] = useState([]);
  const [done, setDone] = useState('');
  // The address follows the list (replaced, not pushed: Back leaves the
  // list); a link to another state of it (the navigation's, Back) sets it.
  useEffect(() => {
    const at = listAddress(type.apiID, { filters, search, sort: sort === (view.sort || '') ? '' : sort, page, locale: i18n && locale !== defaultLocale(locales) ? locale : '' });
    if (window.location.hash !== at) history.replaceState(null, '', at);
  }, [filters, search, sort, page, locale]);
  useEffect(() => {
    const follow = () => {
      if (!window.location.hash.startsWith(`#/content/${type.apiID}`) || /^#\/content\/[^/?]+\//.test(window.location.hash)) return;
      const s = addressed(type, types);
      setFilters(s.filters); setSearch(s.search); setTyped(s.search); setPage(s.page); setSort(s.sort || view.sort || '');
      if (i18n) setLocale(s.locale || defaultLocale(locales));
    };
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  const [answer, setAnswer] = useState(null);
  const [error, setError] = useState('');
  const drafts = type.schema.draftAndPublish;
  const [published, setPublished] = useState(new Set());
  const [availableIn, setAvailableIn] = useState(new Map());
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
        const docs = a.data.map((e) => e.documentId);
        const [pub, avail] = await Promise.all([drafts ? api.published(type.schema.pluralName, docs, locale) : null,
          i18n ? api.localized(type.schema.pluralName, docs, locales.length) : null]);
        if (!latest) return;
        if (pub) setPublished(pub);
        if (avail) setAvailableIn(avail);
        setAnswer(a);
      })
      // A refused request (a filter's value the server cannot read) leaves
      // no table behind: the rows shown would not be the ones asked for.
      .catch((err) => { if (latest) { setError(err.message); setAnswer(null); } });
    setChosen([]);
    return () => { latest = false; };
  }, [page, sort, search, locale, filters, reload]);
  useEffect(() => setDone(''), [page, sort, search, locale, filters]); // a bulk action's report is of the list it was done on
  const pg = answer && answer.meta.pagination;
  const bulk = canBulk(type, can);
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
      <${Filters} fields=${filterFields(type, types)} filters=${filters} onChange=${(f) => { setFilters(f); setPage(1); }} />
    </div>
    ${error && html`<p class="error" role="alert">${error}</p>`}
    ${done && html`<p class="saved" role="status">${done}</p>`}
    ${bulk && chosen.length > 0 && html`<${Bulk} api=${api} type=${type} chosen=${chosen} locale=${locale} can=${can}
      onDone=${(message) => { setDone(message); setReload(reload + 1); }} />`}
    ${answer && html`<div class="table-wrap"><table>
      <caption>${pg.total} entries</caption>
      <thead><tr><th scope="col">${bulk && html`<input type="checkbox" class="choose" aria-label="Choose every entry of this page"
        checked=${answer.data.length > 0 && chosen.length === answer.data.length}
        onChange=${(e) => setChosen(e.target.checked ? answer.data.map((x) => x.documentId) : [])} />`}id</th>${columns.map((c) => html`<th scope="col" aria-sort=${ariaSort(c.name)}>
        <button type="button" onClick=${() => { setSort(nextSort(sort, c.name)); setPage(1); }}>${c.name}</button></th>`)}
        ${drafts && html`<th scope="col">Status</th>`}${i18n && html`<th scope="col">Available in</th>`}</tr></thead>
      <tbody>${answer.data.map((e) => html`<tr key=${e.documentId}><td>${bulk && html`<input type="checkbox" class="choose"
        aria-label=${`Choose entry ${e.id}`} checked=${chosen.includes(e.documentId)}
        onChange=${(ev) => setChosen(ev.target.checked ? [...chosen, e.documentId] : chosen.filter((d) => d !== e.documentId))} />`}<a
        href=${link(e)} aria-label=${`Edit entry ${e.id}`}>${e.id}</a></td>${columns.map((c) => html`<td>${cell(e[c.name])}</td>`)}${drafts && html`<td>${published.has(e.documentId) ? 'Published' : 'Draft'}</td>`}${i18n && html`<td>${availableOf(availableIn.get(e.documentId), locales)}</td>`}</tr>`)}</tbody>
    </table></div>
    <div class="pager">
      <button type="button" class="secondary" disabled=${page <= 1} onClick=${() => setPage(page - 1)}>Previous</button>
      <span>Page ${pg.page} of ${Math.max(pg.pageCount, 1)}</span>
      <button type="button" class="secondary" disabled=${page >= pg.pageCount} onClick=${() => setPage(page + 1)}>Next</button>
    </div>`}`;
}
