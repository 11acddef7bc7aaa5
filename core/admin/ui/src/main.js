import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from 'htm/preact';
import {
  bars, bodyOf, byDay, cell, client, collectionTypes, componentBody, componentFields, componentItem, coreEvents, eventsOf, labelOf, lastMonths, localized, mediaBody, mediaFields, monthFilter, moved, relationBody, relationFields, singleTypes, takes, columnsOf, editableFields, fieldErrors, lifespans, nextSort, preview, searchFieldOf, size, toInput, when,
  weekOf,
} from './api.js';
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
// leaveGuard, when a form holds unsaved changes, asks whether to leave it;
// a no keeps the address and the form as they are.
let leaveGuard = null;

function useRoute() {
  const [hash, setHash] = useState(window.location.hash);
  useEffect(() => {
    const on = (e) => {
      if (leaveGuard && !leaveGuard()) {
        history.replaceState(null, '', e.oldURL);
        return;
      }
      setHash(window.location.hash);
    };
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  return hash.replace(/^#/, '');
}

function Panel({ api, onSignOut }) {
  const [types, setTypes] = useState(null);
  const [allTypes, setAllTypes] = useState([]);
  const [components, setComponents] = useState([]);
  const [locales, setLocales] = useState([]);
  const [singles, setSingles] = useState([]);
  const [actions, setActions] = useState([]);
  const [error, setError] = useState('');
  const route = useRoute();
  useEffect(() => {
    Promise.all([api.contentTypes(), api.permissions(), api.components()])
      .then(([ct, me, comps]) => {
        setComponents(comps.data);
        if (me.data.actions.includes('i18n.locales')) api.locales().then(setLocales).catch(() => {});
        setActions(me.data.actions);
        setAllTypes(ct.data);
        setTypes(collectionTypes(ct.data, me.data.actions));
        setSingles(singleTypes(ct.data, me.data.actions));
      })
      .catch((err) => setError(err.message));
  }, []);
  const can = (a) => actions.includes(a);
  const [path, query = ''] = route.split('?');
  const [, section, apiID, doc] = path.split('/');
  const routeLocale = new URLSearchParams(query).get('locale') || '';
  const current = types && section === 'content' && types.find((t) => t.apiID === apiID);
  const single = section === 'single' && singles.find((t) => t.apiID === apiID);
  return html`<div class="layout">
    <nav aria-label="Content Manager">
      <h2>Content Manager</h2>
      ${types && html`<ul>${types.map((t) => html`<li key=${t.uid}>
        <a href=${`#/content/${t.apiID}`} aria-current=${current === t ? 'page' : undefined}>${t.schema.displayName}</a></li>`)}</ul>`}
      ${singles.length > 0 && html`<h3>Single types</h3><ul>${singles.map((t) => html`<li key=${t.uid}>
        <a href=${`#/single/${t.apiID}`} aria-current=${single === t ? 'page' : undefined}>${t.schema.displayName}</a></li>`)}</ul>`}
      ${can('analytics.dashboard') && html`<ul><li>
        <a href="#/dashboard" aria-current=${route === '/dashboard' ? 'page' : undefined}>Dashboard</a></li></ul>`}
      ${can('coaching.availability') && can('coach.find') && html`<ul><li>
        <a href="#/coach-week" aria-current=${route === '/coach-week' ? 'page' : undefined}>Coach's week</a></li></ul>`}
      ${can('upload.find') && html`<ul><li>
        <a href="#/media" aria-current=${route === '/media' ? 'page' : undefined}>Media Library</a></li></ul>`}
      ${can('apiTokens.find') && html`<h2>Settings</h2><ul><li>
        <a href="#/settings/api-tokens" aria-current=${route === '/settings/api-tokens' ? 'page' : undefined}>API Tokens</a></li></ul>`}
      ${can('webhooks.find') && html`<ul><li>
        <a href="#/settings/webhooks" aria-current=${route === '/settings/webhooks' ? 'page' : undefined}>Webhooks</a></li></ul>`}
      <p><button class="secondary" type="button" onClick=${onSignOut}>Sign out</button></p>
    </nav>
    <main>
      ${error && html`<p class="error" role="alert">${error}</p>`}
      ${route === '/settings/api-tokens' && can('apiTokens.find') ? html`<${Tokens} api=${api} can=${can} />`
        : single ? html`<${Editor} key=${single.uid} api=${api} type=${single} single can=${can} />`
        : route === '/dashboard' && can('analytics.dashboard') ? html`<${Dashboard} api=${api} can=${can} />`
        : route === '/media' && can('upload.find') ? html`<${Media} api=${api} can=${can} />`
        : route === '/coach-week' && can('coaching.availability') ? html`<${CoachWeek} api=${api} can=${can} />`
        : route === '/settings/webhooks' && can('webhooks.find') ? html`<${Webhooks} api=${api} can=${can} />`
        : !current ? html`<h1>Welcome</h1><p>Choose a collection type.</p>`
        : doc ? html`<${Editor} key=${current.uid + doc} api=${api} type=${current} documentId=${doc === 'new' ? '' : doc} can=${can}
            relations=${relationFields(current, allTypes, actions)} components=${components} locales=${locales}
            initialLocale=${routeLocale} />`
          : html`<${List} key=${current.uid} api=${api} type=${current} can=${can} locales=${locales} />`}
    </main>
  </div>`;
}

// List is a collection's entries, a page at a time, sorted by a column.
// LocaleSwitch chooses the locale a localized type is read and written in.
function LocaleSwitch({ id, locales, value, onChange }) {
  return html`<div class="locale"><label for=${id}>Locale</label>
    <select id=${id} value=${value} onChange=${(e) => onChange(e.target.value)}>
      ${locales.map((l) => html`<option value=${l.code}>${l.name}</option>`)}</select></div>`;
}

// defaultLocale is the configured default's code, or '' (the server's).
const defaultLocale = (locales) => (locales.find((l) => l.isDefault) || locales[0] || { code: '' }).code;

function List({ api, type, can, locales = [] }) {
  const i18n = localized(type) && locales.length > 0;
  const [locale, setLocale] = useState(i18n ? defaultLocale(locales) : '');
  const all = columnsOf(type, Infinity);
  const [shown, setShown] = useState(columnsOf(type).map((c) => c.name));
  const columns = all.filter((c) => shown.includes(c.name));
  const searchField = searchFieldOf(type);
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState('');
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
    api.list(type.schema.pluralName, { page, sort, pageSize: 25, status: drafts ? 'draft' : '', search, searchField, locale })
      .then(async (a) => {
        const pub = drafts ? await api.published(type.schema.pluralName, a.data.map((e) => e.documentId), locale) : null;
        if (!latest) return;
        if (pub) setPublished(pub);
        setAnswer(a);
      })
      .catch((err) => latest && setError(err.message));
    return () => { latest = false; };
  }, [page, sort, search, locale]);
  const pg = answer && answer.meta.pagination;
  const ariaSort = (name) => (sort === `${name}:asc` ? 'ascending' : sort === `${name}:desc` ? 'descending' : undefined);
  const link = (e) => `#/content/${type.apiID}/${e.documentId}${locale ? `?locale=${locale}` : ''}`;
  return html`<h1>${type.schema.displayName}</h1>
    ${can(`${type.apiID}.create`) && html`<p><a class="button" href=${`#/content/${type.apiID}/new`}>Create new entry</a></p>`}
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

// created is the entry a save has just made: its form, opened anew at the
// entry's own address, says it was saved.
let created = '';

// Editor is an entry's form: an input per field kind the panel edits,
// each labelled with the field's name, Save, Delete, and the server's
// refusals at the fields they name. Leaving with unsaved changes asks
// first.
function Editor({ api, type, documentId, can, single = false, relations = [], components = [], locales = [], initialLocale = '' }) {
  const i18n = !single && localized(type) && locales.length > 0;
  const [locale, setLocale] = useState(i18n ? initialLocale || defaultLocale(locales) : '');
  const [missing, setMissing] = useState(false);
  const fields = editableFields(type);
  const media = single ? [] : mediaFields(type);
  const parts = single ? [] : componentFields(type, components);
  const [held, setHeld] = useState({});
  const [rels, setRels] = useState({});
  const [files, setFiles] = useState({});
  const plural = type.schema.pluralName;
  const singular = type.schema.singularName;
  const [exists, setExists] = useState(!!documentId);
  const [form, setForm] = useState(null);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState({ byField: {}, other: [] });
  const [saved, setSaved] = useState(created && created === documentId ? 'Saved.' : '');
  const writable = can(`${type.apiID}.${documentId || single ? 'update' : 'create'}`);
  const drafts = type.schema.draftAndPublish;
  const [isPublished, setIsPublished] = useState(false);
  const fill = (data) => setForm(Object.fromEntries(fields.map((f) => [f.name, toInput(f, data ? data[f.name] : null)])));
  useEffect(() => {
    if (single) {
      // A single type's entry, or an empty form when it has none yet.
      api.single(singular, drafts ? 'draft' : '').then((data) => { setExists(!!data); fill(data); })
        .catch((err) => setErrors({ byField: {}, other: [err.message] }));
      if (drafts) api.single(singular, 'published').then((data) => setIsPublished(!!data)).catch(() => {});
      return;
    }
    if (!documentId) {
      fill(null);
      return;
    }
    // With draft & publish the form edits the draft; on a localized type,
    // the localization of the locale chosen (none yet: an empty form,
    // which Save makes it from).
    setMissing(false);
    let latest = true; // a switch of locale drops the answer for the one before
    api.entry(plural, documentId, drafts ? 'draft' : '', [...relations.map((r) => r.name), ...media.map((m) => m.name), ...parts.map((p) => p.name)], locale)
      .then(({ data }) => {
        if (!latest) return;
        fill(data);
        setHeld(Object.fromEntries(parts.map((p) => {
          const v = data[p.name];
          const list = Array.isArray(v) ? v : v ? [v] : [];
          return [p.name, list.map((x) => componentItem(p.allowed.find((c) => c.uid === x.__component) || p.allowed[0], x))];
        })));
        setFiles(Object.fromEntries(media.map((m) => {
          const v = data[m.name];
          return [m.name, Array.isArray(v) ? v : v ? [v] : []];
        })));
        setRels(Object.fromEntries(relations.map((r) => {
          const v = data[r.name];
          const list = Array.isArray(v) ? v : v ? [v] : [];
          return [r.name, list.map((e) => ({ documentId: e.documentId, label: labelOf(r.target, e) }))];
        })));
      })
      .catch((err) => {
        if (!latest) return;
        if (i18n && err.status === 404) {
          setMissing(true);
          fill(null);
          setRels({});
          setFiles({});
          setHeld({});
          return;
        }
        setErrors({ byField: {}, other: [err.message] });
      });
    if (drafts) api.published(plural, [documentId], locale).then((set) => latest && setIsPublished(set.has(documentId))).catch(() => {});
    return () => { latest = false; };
  }, [locale]);
  useEffect(() => {
    if (!dirty) return undefined;
    const stay = (e) => { e.preventDefault(); e.returnValue = ''; };
    leaveGuard = () => window.confirm('Leave without saving your changes?');
    window.addEventListener('beforeunload', stay);
    return () => { leaveGuard = null; window.removeEventListener('beforeunload', stay); };
  }, [dirty]);
  const set = (name, value) => { setForm({ ...form, [name]: value }); setDirty(true); setSaved(''); };
  // save writes the form: the draft only (Save, on a type with draft &
  // publish), or the entry as published (Publish, and Save elsewhere).
  const save = async (e, publish = !drafts) => {
    e.preventDefault();
    const { data: scalars, errors: bad } = bodyOf(fields, form);
    const { data: comps, errors: badParts } = componentBody(parts, held);
    if (Object.keys(bad).length || Object.keys(badParts).length) {
      setErrors({ byField: { ...bad, ...badParts }, other: [] });
      return;
    }
    const data = { ...scalars, ...relationBody(relations, rels), ...mediaBody(media, files), ...comps };
    const status = publish ? '' : 'draft';
    try {
      const answer = single ? await api.saveSingle(singular, data, status)
        : documentId ? await api.update(plural, documentId, data, status, locale) : await api.create(plural, data, status, locale);
      setMissing(false);
      setExists(true);
      setErrors({ byField: {}, other: [] });
      setDirty(false);
      if (publish && drafts) setIsPublished(true);
      leaveGuard = null; // saved: nothing to lose by leaving, even before the next render
      if (documentId || single) setSaved(publish && drafts ? 'Published.' : 'Saved.');
      else {
        created = answer.data.documentId;
        window.location.hash = `#/content/${type.apiID}/${created}${locale ? `?locale=${locale}` : ''}`;
      }
    } catch (err) {
      setErrors(fieldErrors(err));
    }
  };
  const remove = async () => {
    if (!window.confirm('Delete this entry?')) return;
    try {
      if (single) await api.removeSingle(singular);
      else await api.remove(plural, documentId, locale);
      setDirty(false);
      leaveGuard = null;
      if (single) {
        setExists(false);
        setIsPublished(false);
        fill(null);
        setSaved('Deleted.');
        return;
      }
      window.location.hash = `#/content/${type.apiID}`;
    } catch (err) {
      setErrors(fieldErrors(err));
    }
  };
  const input = (f) => {
    const id = `field-${f.name}`;
    const err = errors.byField[f.name];
    const common = { id, name: f.name, disabled: !writable, 'aria-invalid': err ? 'true' : undefined,
      'aria-describedby': err ? `${id}-error` : undefined };
    let control;
    if (f.input === 'checkbox') {
      control = html`<input ...${common} type="checkbox" checked=${form[f.name]} onChange=${(e) => set(f.name, e.target.checked)} />`;
    } else if (f.input === 'select') {
      control = html`<select ...${common} value=${form[f.name]} onChange=${(e) => set(f.name, e.target.value)}>
        <option value="">—</option>${f.options.map((o) => html`<option value=${o}>${o}</option>`)}</select>`;
    } else if (f.input === 'textarea' || f.input === 'json') {
      control = html`<textarea ...${common} rows=${f.input === 'json' ? 6 : 4} value=${form[f.name]} onInput=${(e) => set(f.name, e.target.value)} />`;
    } else {
      const step = f.type === 'decimal' || f.type === 'float' ? 'any' : f.type === 'time' ? '1' : undefined;
      control = html`<input ...${common} type=${f.input} step=${step} value=${form[f.name]}
        autocomplete=${f.input === 'password' ? 'new-password' : 'off'} onInput=${(e) => set(f.name, e.target.value)} />`;
    }
    return html`<div class="field">
      <label for=${id}>${f.name}${f.required ? ' *' : ''}</label>${control}
      ${err && html`<p class="field-error" id=${`${id}-error`}>${err}</p>`}
    </div>`;
  };
  return html`<h1>${single ? type.schema.displayName : documentId ? `Edit ${type.schema.displayName}` : `Create ${type.schema.displayName}`}</h1>
    ${!single && html`<p><a href=${`#/content/${type.apiID}`}>Back to the list</a></p>`}
    ${i18n && html`<${LocaleSwitch} id="entry-locale" locales=${locales} value=${locale} onChange=${(l) => {
      if (dirty && !window.confirm('Leave without saving your changes?')) return;
      setDirty(false);
      setLocale(l);
    }} />`}
    ${missing && html`<p class="muted" role="status">No ${(locales.find((l) => l.code === locale) || {}).name || locale} localization yet: Save makes it.</p>`}
    ${drafts && exists && html`<p>Status: <strong>${isPublished ? 'Published' : 'Draft'}</strong></p>`}
    ${errors.other.map((m) => html`<p class="error" role="alert">${m}</p>`)}
    ${saved && html`<p class="saved" role="status">${saved}</p>`}
    ${form && html`<form onSubmit=${save} class="editor">
      ${fields.map(input)}
      ${parts.map((p) => html`<${ComponentField} key=${p.name} field=${p} items=${held[p.name] || []} disabled=${!writable}
        error=${errors.byField[p.name]} onChange=${(list) => { setHeld((cur) => ({ ...cur, [p.name]: list })); setDirty(true); setSaved(''); }} />`)}
      ${media.map((m) => html`<${MediaPicker} key=${m.name} api=${api} field=${m} chosen=${files[m.name] || []}
        disabled=${!writable} canUpload=${can('upload.upload')} canBrowse=${can('upload.find')} error=${errors.byField[m.name]}
        onChange=${(list) => { setFiles((cur) => ({ ...cur, [m.name]: list })); setDirty(true); setSaved(''); }} />`)}
      ${relations.map((r) => html`<${RelationPicker} key=${r.name} api=${api} field=${r} chosen=${rels[r.name] || []}
        disabled=${!writable} error=${errors.byField[r.name]}
        onChange=${(list) => { setRels((cur) => ({ ...cur, [r.name]: list })); setDirty(true); setSaved(''); }} />`)}
      <div class="actions">
        ${writable && html`<button type="submit">Save</button>`}
        ${writable && drafts && html`<button type="button" onClick=${(e) => save(e, true)}>Publish</button>`}
        ${exists && can(`${type.apiID}.delete`) && html`<button type="button" class="danger" onClick=${remove}>Delete</button>`}
      </div>
    </form>`}`;
}

// ComponentField is a component or dynamic-zone field: each item's inputs
// in a group of its own; a repeatable one's (and a zone's) items moved,
// removed and added (a zone's of the component chosen). A field the form
// cannot write whole is shown, and left as it is on save.
function ComponentField({ field, items, disabled, error, onChange }) {
  const [kind, setKind] = useState(field.allowed[0] ? field.allowed[0].uid : '');
  const id = `part-${field.name}`;
  if (!field.editable) {
    return html`<fieldset class="field relation"><legend>${field.name}</legend>
      <p class="muted">${items.length || 'No'} ${field.zone ? 'blocks' : 'entries'}: not editable in the panel yet; a save leaves ${field.name} as it is.</p>
    </fieldset>`;
  }
  const nameOf = (uid) => {
    const c = field.allowed.find((x) => x.uid === uid);
    return c ? c.schema.displayName : uid;
  };
  const setItem = (i, name, value) => onChange(items.map((it, j) => (j === i ? { ...it, [name]: value } : it)));
  const add = () => {
    const comp = field.allowed.find((c) => c.uid === kind) || field.allowed[0];
    onChange(field.repeatable ? [...items, componentItem(comp, null)] : [componentItem(comp, null)]);
  };
  return html`<fieldset class="field relation" aria-describedby=${error ? `${id}-error` : undefined}>
    <legend>${field.name}</legend>
    ${items.length === 0 && html`<p class="muted">None</p>`}
    ${items.map((it, i) => {
      const comp = field.allowed.find((c) => c.uid === it.__component) || field.allowed[0];
      const label = `${field.name} ${i + 1}${field.zone ? ` (${nameOf(it.__component)})` : ''}`;
      return html`<fieldset class="part" key=${i}><legend>${label}</legend>
        ${editableFields(comp).map((f) => {
          const fid = `${id}-${i}-${f.name}`;
          const value = it[f.name];
          const control = f.input === 'checkbox'
            ? html`<input id=${fid} type="checkbox" disabled=${disabled} checked=${value} onChange=${(e) => setItem(i, f.name, e.target.checked)} />`
            : f.input === 'select'
              ? html`<select id=${fid} disabled=${disabled} value=${value} onChange=${(e) => setItem(i, f.name, e.target.value)}>
                <option value="">—</option>${f.options.map((o) => html`<option value=${o}>${o}</option>`)}</select>`
              : f.input === 'textarea' || f.input === 'json'
                ? html`<textarea id=${fid} disabled=${disabled} rows="3" value=${value} onInput=${(e) => setItem(i, f.name, e.target.value)} />`
                : html`<input id=${fid} disabled=${disabled} type=${f.input} step=${f.type === 'time' ? '1' : f.type === 'decimal' || f.type === 'float' ? 'any' : undefined}
                  value=${value} onInput=${(e) => setItem(i, f.name, e.target.value)} />`;
          return html`<div class="field"><label for=${fid}>${f.name}</label>${control}</div>`;
        })}
        ${!disabled && html`<div class="actions">
          ${field.repeatable && html`<button type="button" class="secondary" aria-label=${`Move ${label} up`} disabled=${i === 0}
            onClick=${() => onChange(moved(items, i, -1))}>↑</button>
            <button type="button" class="secondary" aria-label=${`Move ${label} down`} disabled=${i === items.length - 1}
            onClick=${() => onChange(moved(items, i, 1))}>↓</button>`}
          <button type="button" class="secondary" aria-label=${`Remove ${label}`} onClick=${() => onChange(items.filter((_, j) => j !== i))}>Remove</button>
        </div>`}
      </fieldset>`;
    })}
    ${!disabled && (field.repeatable || items.length === 0) && html`<div class="picker">
      ${field.zone && html`<label for=${`${id}-kind`}>Block to add</label>
        <select id=${`${id}-kind`} value=${kind} onChange=${(e) => setKind(e.target.value)}>
          ${field.allowed.map((c) => html`<option value=${c.uid}>${c.schema.displayName}</option>`)}</select>`}
      <button type="button" class="secondary" onClick=${add}>${field.repeatable ? `Add to ${field.name}` : `Add ${field.name}`}</button>
    </div>`}
    ${error && html`<p class="field-error" id=${`${id}-error`}>${error}</p>`}
  </fieldset>`;
}

// MediaPicker is a media field: its files (a multiple one's in order,
// moved up and down), each removable, and the two ways to add one: pick
// it from the library (only files the field takes are offered) or upload
// it here.
function MediaPicker({ api, field, chosen, disabled, canUpload, canBrowse, error, onChange }) {
  const [library, setLibrary] = useState(null);
  const [busy, setBusy] = useState('');
  const [problem, setProblem] = useState('');
  const id = `media-${field.name}`;
  // An upload ends after renders of its own: it adds to the files shown
  // then, not to those of the render it started in.
  const latest = useRef(chosen);
  latest.current = chosen;
  const add = (f) => onChange(field.many ? [...latest.current, f] : [f]);
  const browse = async () => {
    const list = await api.files({ limit: 50 });
    setLibrary(list.filter((f) => takes(field, f.mime) && !chosen.some((c) => c.id === f.id)));
  };
  const upload = async (e) => {
    const picked = [...e.target.files];
    e.target.value = '';
    setProblem('');
    for (const f of picked) {
      if (!takes(field, f.type || 'application/octet-stream')) {
        setProblem(`${field.name} takes ${field.allowedTypes.join(', ')}, not ${f.name}`);
        continue;
      }
      setBusy(`Uploading ${f.name}…`);
      try {
        const [made] = await api.upload(f);
        add(made);
        if (!field.many) break;
      } catch (err) {
        setProblem(err.message);
      }
    }
    setBusy('');
  };
  return html`<fieldset class="field relation" aria-describedby=${error ? `${id}-error` : undefined}>
    <legend>${field.name}</legend>
    ${chosen.length === 0 && html`<p class="muted">No file</p>`}
    <ol>${chosen.map((f, i) => html`<li key=${f.id}>
      ${preview(f) ? html`<img src=${preview(f)} alt="" width="48" height="36" class="thumb" />` : ''}<span>${f.name}</span>
      ${!disabled && field.many && html`<button type="button" class="secondary" aria-label=${`Move ${f.name} up`} disabled=${i === 0}
        onClick=${() => onChange(moved(chosen, i, -1))}>↑</button>
        <button type="button" class="secondary" aria-label=${`Move ${f.name} down`} disabled=${i === chosen.length - 1}
        onClick=${() => onChange(moved(chosen, i, 1))}>↓</button>`}
      ${!disabled && html`<button type="button" class="secondary" aria-label=${`Remove ${f.name} from ${field.name}`}
        onClick=${() => onChange(chosen.filter((x) => x !== f))}>Remove</button>`}</li>`)}</ol>
    ${!disabled && html`<div class="picker">
      ${canBrowse && html`<button type="button" class="secondary" onClick=${browse}>Choose from the library</button>`}
      ${canUpload && html`<label for=${`${id}-upload`}>Upload to ${field.name}</label>
        <input id=${`${id}-upload`} type="file" multiple=${field.many} onChange=${upload} />`}
      ${busy && html`<span role="status">${busy}</span>`}
      ${library && html`<ul aria-label=${`Files to pick for ${field.name}`}>${library.length === 0 ? html`<li>No file this field takes</li>`
        : library.map((f) => html`<li key=${f.id}><button type="button" class="secondary" aria-label=${`Pick ${f.name}`}
          onClick=${() => { add(f); setLibrary(null); }}>${f.name}</button></li>`)}</ul>`}
    </div>`}
    ${problem && html`<p class="field-error">${problem}</p>`}
    ${error && html`<p class="field-error" id=${`${id}-error`}>${error}</p>`}
  </fieldset>`;
}

// RelationPicker is a relation's field: the entries it holds, in order
// (to-many ones moved up and down), each removable, and a search of the
// target's entries to add one (or, on a to-one relation, to replace it).
function RelationPicker({ api, field, chosen, disabled, error, onChange }) {
  const [text, setText] = useState('');
  const [found, setFound] = useState(null);
  const id = `rel-${field.name}`;
  const search = async () => {
    const { data } = await api.pick(field.target.schema.pluralName, searchFieldOf(field.target), text);
    setFound(data.filter((e) => !chosen.some((c) => c.documentId === e.documentId)));
  };
  const add = (e) => {
    const item = { documentId: e.documentId, label: labelOf(field.target, e) };
    onChange(field.many ? [...chosen, item] : [item]);
    setFound(null);
    setText('');
  };
  return html`<fieldset class="field relation" aria-describedby=${error ? `${id}-error` : undefined}>
    <legend>${field.name}</legend>
    ${chosen.length === 0 && html`<p class="muted">None</p>`}
    <ol>${chosen.map((c, i) => html`<li key=${c.documentId}><span>${c.label}</span>
      ${!disabled && field.many && html`<button type="button" class="secondary" aria-label=${`Move ${c.label} up`} disabled=${i === 0}
        onClick=${() => onChange(moved(chosen, i, -1))}>↑</button>
        <button type="button" class="secondary" aria-label=${`Move ${c.label} down`} disabled=${i === chosen.length - 1}
        onClick=${() => onChange(moved(chosen, i, 1))}>↓</button>`}
      ${!disabled && html`<button type="button" class="secondary" aria-label=${`Remove ${c.label} from ${field.name}`}
        onClick=${() => onChange(chosen.filter((x) => x !== c))}>Remove</button>`}</li>`)}</ol>
    ${!disabled && html`<div class="picker">
      <label for=${`${id}-search`}>${field.many ? `Add to ${field.name}` : `Choose ${field.name}`}</label>
      <input id=${`${id}-search`} type="search" value=${text} onInput=${(e) => setText(e.target.value)}
        onKeyDown=${(e) => { if (e.key === 'Enter') { e.preventDefault(); search(); } }} />
      <button type="button" class="secondary" onClick=${search}>Find</button>
      ${found && html`<ul aria-label=${`Entries to pick for ${field.name}`}>${found.length === 0 ? html`<li>No entry found</li>`
        : found.map((e) => html`<li key=${e.documentId}><button type="button" class="secondary"
          aria-label=${`Pick ${labelOf(field.target, e)}`} onClick=${() => add(e)}>${labelOf(field.target, e)}</button></li>`)}</ul>`}
    </div>`}
    ${error && html`<p class="field-error" id=${`${id}-error`}>${error}</p>`}
  </fieldset>`;
}

// CoachWeek is a coach's week as a calendar — their events and their free
// slots (GET /api/coaches/:id/availability), day by day — and their
// learners, assigned and unassigned within their capacity (the server
// refuses past it, and the panel says why).
function CoachWeek({ api, can }) {
  const [coaches, setCoaches] = useState(null);
  const [coach, setCoach] = useState('');
  const [week, setWeek] = useState(null);
  const [learners, setLearners] = useState([]);
  const [error, setError] = useState('');
  const w = weekOf(new Date());
  useEffect(() => {
    api.list('coaches', { pageSize: 100, sort: 'name:asc' }).then(({ data }) => {
      setCoaches(data);
      if (data[0]) setCoach(String(data[0].id));
    }).catch((err) => setError(err.message));
  }, []);
  const loadLearners = () => can('coaching.learners') && api.coachLearners(coach).then(({ data }) => setLearners(data)).catch((err) => setError(err.message));
  useEffect(() => {
    if (!coach) return;
    setError('');
    Promise.all([api.coachEvents(coach, w.from, w.to), api.availability(coach, w.from, w.to)])
      .then(([ev, av]) => setWeek({ events: byDay(ev.data, (e) => e.startAt), free: byDay(av.data, (f) => f.start), timezone: av.meta.timezone }))
      .catch((err) => setError(err.message));
    loadLearners();
  }, [coach]);
  const hm = (iso) => iso.slice(11, 16);
  const assign = async (learner) => {
    setError('');
    try {
      await api.assign(coach, [learner.documentId]);
      loadLearners();
    } catch (err) {
      setError(err.message);
    }
  };
  const unassign = async (learner) => {
    try {
      await api.unassign(coach, learner.documentId);
      loadLearners();
    } catch (err) {
      setError(err.message);
    }
  };
  const current = coaches && coaches.find((c) => String(c.id) === coach);
  return html`<h1>Coach's week</h1>
    ${error && html`<p class="error" role="alert">${error}</p>`}
    ${coaches && html`<div class="locale"><label for="coach">Coach</label>
      <select id="coach" value=${coach} onChange=${(e) => setCoach(e.target.value)}>
        ${coaches.map((c) => html`<option value=${String(c.id)}>${c.name}</option>`)}</select></div>`}
    ${week && html`<p class="muted">Week of ${w.days[0].date} (times in UTC; the coach's time zone is ${week.timezone}).</p>
      <div class="week">${w.days.map((d) => html`<section aria-label=${`${d.name} ${d.date}`} class="day">
        <h2>${d.name} <span class="muted">${d.date.slice(5)}</span></h2>
        <ul>${(week.events[d.date] || []).map((e) => html`<li class="event">${hm(e.startAt)}–${hm(e.endAt)} ${e.title}</li>`)}
          ${(week.free[d.date] || []).map((f) => html`<li class="free">Free ${hm(f.start)}–${hm(f.end)}</li>`)}</ul>
      </section>`)}</div>`}
    ${current && can('coaching.learners') && html`<section aria-label="Learners">
      <h2>Learners of ${current.name}${current.maxLearners ? ` (${learners.length} of ${current.maxLearners})` : ''}</h2>
      <ul>${learners.map((l) => html`<li key=${l.documentId}>${l.name || l.documentId}
        ${can('coaching.unassign') && html`<button type="button" class="secondary" aria-label=${`Unassign ${l.name}`} onClick=${() => unassign(l)}>Unassign</button>`}</li>`)}</ul>
      ${can('coaching.assign') && html`<${RelationPicker} api=${api} field=${{ name: 'learners', many: true, target: { apiID: 'learner', schema: { pluralName: 'learners', attributes: { name: { type: 'string' } } } } }}
        chosen=${[]} disabled=${false}
        onChange=${(list) => { const added = list.find((x) => !learners.some((l) => l.documentId === x.documentId)); if (added) assign(added); }} />`}
    </section>`}`;
}

// Chart is a bar chart drawn in SVG: a bar and its label per value. Its
// accessible name says every value, for those who cannot see it.
function Chart({ title, items }) {
  const w = 320;
  const h = 120;
  const laid = bars(items.map((i) => i.value), w, h);
  const said = `${title}: ${items.map((i) => `${i.label} ${i.shown ?? i.value}`).join(', ')}`;
  return html`<figure class="chart">
    <figcaption>${title}</figcaption>
    <svg viewBox=${`0 -16 ${w} ${h + 36}`} role="img" aria-label=${said}>
      ${laid.map((b, i) => html`<g>
        <rect x=${b.x} y=${b.y} width=${b.width} height=${b.height} class="bar" />
        <text x=${b.x + b.width / 2} y=${b.y - 4} text-anchor="middle">${items[i].shown ?? items[i].value}</text>
        <text x=${b.x + b.width / 2} y=${h + 14} text-anchor="middle">${items[i].label}</text>
      </g>`)}
    </svg>
  </figure>`;
}

// Dashboard is the platform's figures (GET /api/analytics/dashboard),
// drawn, and enrolments and completions by month (counted through the
// enrollments' own route, a month at a time).
function Dashboard({ api, can }) {
  const [d, setD] = useState(null);
  const [months, setMonths] = useState(null);
  const [error, setError] = useState('');
  useEffect(() => {
    api.dashboard().then(({ data }) => setD(data)).catch((err) => setError(err.message));
    if (can('enrollment.find')) {
      const ms = lastMonths(new Date(), 6);
      Promise.all(ms.flatMap((m) => [api.count('enrollments', monthFilter(m)), api.count('enrollments', monthFilter(m, 'completed'))]))
        .then((n) => setMonths(ms.map((m, i) => ({ label: m.label.slice(5), made: n[2 * i], completed: n[2 * i + 1] }))))
        .catch((err) => setError(err.message));
    }
  }, []);
  const pct = (x) => `${Math.round((x || 0) * 100)} %`;
  const byStatus = (o) => Object.entries(o || {}).map(([label, value]) => ({ label, value }));
  return html`<h1>Dashboard</h1>
    ${error && html`<p class="error" role="alert">${error}</p>`}
    ${d && html`<dl class="figures">
      <div><dt>Programs</dt><dd>${d.programs.total}</dd></div>
      <div><dt>Active customers</dt><dd>${d.customers.active} of ${d.customers.total}</dd></div>
      <div><dt>Active learners</dt><dd>${d.learners.active} of ${d.learners.total}</dd></div>
      <div><dt>Coach utilisation</dt><dd>${pct(d.coaches.utilization)}</dd></div>
      <div><dt>Completion rate</dt><dd>${pct(d.enrollments.completionRate)}</dd></div>
      <div><dt>Events in the next 7 days</dt><dd>${d.events.next7Days}</dd></div>
      <div><dt>Attendance, last 30 days</dt><dd>${pct(d.attendance.rate30Days)}</dd></div>
    </dl>
    <div class="charts">
      <${Chart} title="Programs by status" items=${byStatus(d.programs.byStatus)} />
      <${Chart} title="Enrolments by status" items=${byStatus(d.enrollments.byStatus)} />
      <${Chart} title="Coach utilisation" items=${[{ label: 'booked', value: d.coaches.utilization, shown: pct(d.coaches.utilization) },
        { label: 'free', value: 1 - d.coaches.utilization, shown: pct(1 - d.coaches.utilization) }]} />
      ${months && html`<${Chart} title="Enrolments by month" items=${months.map((m) => ({ label: m.label, value: m.made }))} />
        <${Chart} title="Completed enrolments by month" items=${months.map((m) => ({ label: m.label, value: m.completed }))} />`}
    </div>`}`;
}

// Media is the media library: the files newest first, a search, uploads
// by picking or dropping (several at once, each with its progress), the
// alternative text and caption edited, the formats shown, Delete.
function Media({ api, can }) {
  const [files, setFiles] = useState(null);
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  const [uploads, setUploads] = useState([]);
  const [editing, setEditing] = useState(null);
  const [error, setError] = useState('');
  const asked = useRef(0);
  // Only the last request's answer is shown, whatever order they come in.
  const load = () => {
    const n = ++asked.current;
    return api.files({ search }).then((f) => n === asked.current && setFiles(f)).catch((err) => setError(err.message));
  };
  useEffect(() => { load(); }, [search]);
  const send = async (list) => {
    const items = [...list].map((f) => ({ name: f.name, progress: 0, error: '' }));
    setUploads(items);
    await Promise.all([...list].map((f, i) => api.upload(f, (p) => {
      items[i] = { ...items[i], progress: p };
      setUploads([...items]);
    }).catch((err) => {
      items[i] = { ...items[i], error: err.message };
      setUploads([...items]);
    })));
    load();
  };
  const drop = (e) => {
    e.preventDefault();
    if (e.dataTransfer && e.dataTransfer.files.length) send(e.dataTransfer.files);
  };
  const save = async (e) => {
    e.preventDefault();
    try {
      await api.describeFile(editing.id, { name: editing.name, alternativeText: editing.alternativeText, caption: editing.caption });
      setEditing(null);
      load();
    } catch (err) {
      setError(err.message);
    }
  };
  const remove = async (f) => {
    if (!window.confirm(`Delete ${f.name}? Every media field that shows it loses it.`)) return;
    try {
      await api.deleteFile(f.id);
      load();
    } catch (err) {
      setError(err.message);
    }
  };
  return html`<h1>Media Library</h1>
    ${error && html`<p class="error" role="alert">${error}</p>`}
    <div class="tools">
      <form role="search" onSubmit=${(e) => { e.preventDefault(); setSearch(typed); }}>
        <label for="media-search">Search</label>
        <input id="media-search" type="search" value=${typed} onInput=${(e) => setTyped(e.target.value)} />
        <button type="submit" class="secondary">Search</button>
      </form>
      ${can('upload.upload') && html`<div class="dropzone" onDragOver=${(e) => e.preventDefault()} onDrop=${drop}>
        <label for="upload">Upload files</label>
        <input id="upload" type="file" multiple onChange=${(e) => send(e.target.files)} />
        <span>or drop them here</span>
      </div>`}
    </div>
    ${uploads.length > 0 && html`<ul class="uploads" aria-label="Uploads">${uploads.map((u) => html`<li>
      ${u.name} <progress max="1" value=${u.progress} aria-label=${`Upload of ${u.name}`}></progress>
      ${u.error ? html`<span class="field-error">${u.error}</span>` : u.progress >= 1 ? ' done' : ''}</li>`)}</ul>`}
    ${editing && html`<form class="editor" onSubmit=${save}>
      <h2>Edit ${editing.name}</h2>
      <div class="field"><label for="file-alt">Alternative text</label>
        <input id="file-alt" value=${editing.alternativeText || ''} onInput=${(e) => setEditing({ ...editing, alternativeText: e.target.value })} /></div>
      <div class="field"><label for="file-caption">Caption</label>
        <input id="file-caption" value=${editing.caption || ''} onInput=${(e) => setEditing({ ...editing, caption: e.target.value })} /></div>
      <div class="actions"><button type="submit">Save</button>
        <button type="button" class="secondary" onClick=${() => setEditing(null)}>Cancel</button></div>
    </form>`}
    ${files && html`<div class="table-wrap"><table>
      <caption>${files.length} files</caption>
      <thead><tr><th scope="col">Preview</th><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Size</th>
        <th scope="col">Alternative text</th><th scope="col">Formats</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
      <tbody>${files.map((f) => html`<tr key=${f.id}>
        <td>${preview(f) ? html`<img src=${preview(f)} alt=${f.alternativeText || ''} width="64" height="48" class="thumb" />` : '—'}</td>
        <td>${f.name}</td><td>${f.mime}</td><td>${size(f.size)}</td><td>${f.alternativeText || ''}</td>
        <td>${f.formats ? Object.entries(f.formats).map(([k, v]) => `${k} ${v.width}×${v.height}`).join(', ') : '—'}</td>
        <td class="actions">
          ${can('upload.upload') && html`<button type="button" class="secondary" aria-label=${`Edit ${f.name}`} onClick=${() => setEditing(f)}>Edit</button>`}
          ${can('upload.destroy') && html`<button type="button" class="danger" aria-label=${`Delete ${f.name}`} onClick=${() => remove(f)}>Delete</button>`}
        </td></tr>`)}</tbody>
    </table></div>`}`;
}

// Webhooks is Settings > Webhooks: the webhooks, a form that makes one
// (its secret shown once), each one's last deliveries with Redeliver, and
// Delete.
function Webhooks({ api, can }) {
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
function Tokens({ api, can }) {
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

render(html`<${App} />`, document.getElementById('app'));
