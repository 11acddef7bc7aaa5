// The panel's client of Kiln's REST API: the same requests any client
// sends, with the signed-in user's token. Nothing here touches the DOM,
// so vitest checks it alone (api.test.js).

// ApiError is a refusal in Strapi's error envelope: status, name and the
// message to show where it belongs.
export class ApiError extends Error {
  constructor(status, name, message, details) {
    super(message);
    this.status = status;
    this.name = name;
    this.details = details || {};
  }
}

// errorOf reads the envelope of a refused request; a body that is not one
// (a proxy's page) still gives the status.
export function errorOf(status, body) {
  const e = body && typeof body === 'object' ? body.error : null;
  if (e && typeof e === 'object' && typeof e.message === 'string') {
    return new ApiError(e.status || status, e.name || 'Error', e.message, e.details);
  }
  if (typeof e === 'string') return new ApiError(status, 'Error', e);
  return new ApiError(status, 'Error', `The server answered ${status}.`);
}

// listQuery is the query string of a page of a collection: Strapi's
// pagination and sort parameters, brackets left readable; filters are
// the parts filters.js built.
export function listQuery({ page = 1, pageSize = 25, sort = '', search = '', searchField = '', status = '', locale = '', filters = [] } = {}) {
  const parts = [`pagination[page]=${page}`, `pagination[pageSize]=${pageSize}`];
  if (status) parts.push(`status=${status}`);
  if (locale) parts.push(`locale=${encodeURIComponent(locale)}`);
  if (sort) parts.push(`sort=${encodeURIComponent(sort)}`);
  if (search && searchField) parts.push(`filters[${encodeURIComponent(searchField)}][$containsi]=${encodeURIComponent(search)}`);
  parts.push(...filters);
  return parts.join('&');
}

// localizedQuery asks in which locales each of the documents exists:
// every locale's drafts of them (a draft is every localization's), their
// documentId and locale alone, in one request (page 1) unless there are
// more than the server's 100 a page.
export function localizedQuery(documentIds, localeCount, page = 1) {
  const parts = ['locale=*', 'status=draft', 'fields[0]=documentId', 'fields[1]=locale',
    `pagination[pageSize]=${Math.min(Math.max(documentIds.length * localeCount, 1), 100)}`];
  if (page > 1) parts.push(`pagination[page]=${page}`);
  documentIds.forEach((d, i) => parts.push(`filters[documentId][$in][${i}]=${encodeURIComponent(d)}`));
  return parts.join('&');
}

// uidQuery asks whether another entry of a type (in a locale) holds a
// uid's value: the drafts, as every document has one, of another
// document than the one edited (none for a new entry).
export function uidQuery(field, value, documentId, locale) {
  const parts = ['status=draft', 'fields[0]=documentId', 'pagination[pageSize]=1', 'pagination[withCount]=false',
    `filters[${encodeURIComponent(field)}][$eq]=${encodeURIComponent(value)}`];
  if (documentId) parts.push(`filters[documentId][$ne]=${encodeURIComponent(documentId)}`);
  if (locale) parts.push(`locale=${encodeURIComponent(locale)}`);
  return parts.join('&');
}

// publishedQuery asks which of the documents have a published version
// (draft & publish): their documentIds alone, in one request.
export function publishedQuery(documentIds) {
  const parts = ['status=published', 'fields[0]=documentId', `pagination[pageSize]=${Math.max(documentIds.length, 1)}`];
  documentIds.forEach((d, i) => parts.push(`filters[documentId][$in][${i}]=${encodeURIComponent(d)}`));
  return parts.join('&');
}

// writeQuery is a write's query string: its status (draft) and locale.
export const writeQuery = (status, locale) => readQuery(status, locale);

// readQuery is a read's query string: its status, locale and populate
// parts.
export function readQuery(status, locale, populate = []) {
  const q = [status && `status=${status}`, locale && `locale=${encodeURIComponent(locale)}`, ...populate].filter(Boolean);
  return q.length ? `?${q.join('&')}` : '';
}

// localized reports whether a type has localizations (Strapi's
// pluginOptions.i18n.localized).
export function localized(type) {
  const o = type.schema.pluginOptions;
  return !!(o && o.i18n && o.i18n.localized);
}

// nextSort is the sort after a click on a column: ascending first, then
// descending, then ascending again.
export function nextSort(current, field) {
  return current === `${field}:asc` ? `${field}:desc` : `${field}:asc`;
}

// collectionTypes are the types the navigation lists: the visible
// collection types the caller may list (<type>.find), by display name.
export function collectionTypes(types, actions) {
  const allowed = new Set(actions);
  return types
    .filter((t) => t.schema.visible && t.schema.kind === 'collectionType' && allowed.has(`${t.apiID}.find`))
    .sort((a, b) => a.schema.displayName.localeCompare(b.schema.displayName));
}

// takes reports whether a media field takes a file of mime type, by
// Strapi's kinds: images, videos, audios, and files (anything else).
export function takes(field, mime) {
  if (!field.allowedTypes) return true;
  const kind = mime.startsWith('image/') ? 'images' : mime.startsWith('video/') ? 'videos' : mime.startsWith('audio/') ? 'audios' : 'files';
  return field.allowedTypes.includes(kind);
}

// moved is list with its i-th item moved by step (-1 up, 1 down), or
// list itself when it cannot move.
export function moved(list, i, step) {
  const j = i + step;
  if (j < 0 || j >= list.length) return list;
  const out = [...list];
  [out[i], out[j]] = [out[j], out[i]];
  return out;
}

// labelOf is how an entry of a type is named (a relation's entries, a
// picker's, a form's title): its main field's value (the type's view,
// config/views.yaml, Strapi's mainField), else its documentId. A type
// without a view (a plugin page's own) is named by its first text field.
export function labelOf(type, entry) {
  const f = mainFieldOf(type);
  const v = f ? entry[f] : null;
  return v === null || v === undefined || v === '' ? entry.documentId : String(v);
}

// mainFieldOf is the field that names a type's entries.
export const mainFieldOf = (type) => (type.view && type.view.mainField) || searchFieldOf(type);

// nameOf is an entry's name as its form's title: its main field's value,
// or '' when the type is named by id or documentId, or the value is empty.
export function nameOf(type, entry) {
  const f = mainFieldOf(type);
  const v = entry && f && f !== 'id' && f !== 'documentId' ? entry[f] : null;
  return v === null || v === undefined ? '' : String(v);
}

// viewYAML is a type's view as config/views.yaml writes it, for a server
// that does not write the file itself: the lines to add to it.
export function viewYAML(apiID, view) {
  const lines = [`${apiID}:`];
  if (view.mainField) lines.push(`  mainField: ${view.mainField}`);
  if (view.columns && view.columns.length) lines.push(`  columns: [${view.columns.join(', ')}]`);
  if (view.pageSize) lines.push(`  pageSize: ${view.pageSize}`);
  if (view.sort) lines.push(`  sort: ${view.sort}`);
  return `${lines.join('\n')}\n`;
}

// singleTypes are the single types the navigation lists: the visible
// ones the caller may read (<type>.find), by display name.
export function singleTypes(types, actions) {
  const allowed = new Set(actions);
  return types
    .filter((t) => t.schema.visible && t.schema.kind === 'singleType' && allowed.has(`${t.apiID}.find`))
    .sort((a, b) => a.schema.displayName.localeCompare(b.schema.displayName));
}

// columnsOf are the fields a list shows: the scalar fields of the type, in
// their order, at most max.
const scalar = new Set(['string', 'text', 'email', 'uid', 'integer', 'biginteger', 'decimal', 'float', 'boolean',
  'date', 'time', 'datetime', 'enumeration']);
export function columnsOf(type, max = 5) {
  return Object.entries(type.schema.attributes)
    .filter(([, a]) => scalar.has(a.type) && !a.private)
    .slice(0, max)
    .map(([name, a]) => ({ name, type: a.type }));
}

// searchFieldOf is the field a list's search box (and a relation's
// picker) looks in: the type's main field when it is text, else its first
// text field (string, text, email or uid), or none.
const textTypes = ['string', 'text', 'email', 'uid'];
export function searchFieldOf(type) {
  const main = type.view && type.view.mainField;
  const a = main && type.schema.attributes[main];
  if (a && textTypes.includes(a.type)) return main;
  const found = Object.entries(type.schema.attributes)
    .find(([, a]) => textTypes.includes(a.type) && !a.private);
  return found ? found[0] : '';
}

// fileKinds are the kinds of file the media library filters by, as
// media fields name them (allowedTypes), each with its filter on mime.
export const fileKinds = [
  ['images', 'Images', ['filters[mime][$startsWith]=image/']],
  ['videos', 'Videos', ['filters[mime][$startsWith]=video/']],
  ['audios', 'Audio', ['filters[mime][$startsWith]=audio/']],
  ['files', 'Other files', ['image/', 'video/', 'audio/'].map((m, i) => `filters[$and][${i}][mime][$notContainsi]=${m}`)],
];

// filesQuery is a page of the media library: Strapi's start and limit,
// newest first, a search in the files' names and a kind of file.
export function filesQuery({ start = 0, limit = 50, search = '', kind = '' } = {}) {
  const parts = [`start=${start}`, `limit=${limit}`, 'sort=createdAt:desc'];
  if (search) parts.push(`filters[name][$containsi]=${encodeURIComponent(search)}`);
  const k = fileKinds.find(([name]) => name === kind);
  if (k) parts.push(...k[2]);
  return parts.join('&');
}

// preview is the image a file shows in the library: its thumbnail, else
// the image itself, else none (not an image).
export function preview(file) {
  if (!file.mime || !file.mime.startsWith('image/')) return '';
  return (file.formats && file.formats.thumbnail && file.formats.thumbnail.url) || file.url;
}

// size is a file's size as a person reads it; Strapi stores kilobytes.
export function size(kb) {
  return kb >= 1024 ? `${(kb / 1024).toFixed(1)} MB` : `${Math.round(kb)} KB`;
}

// coreEvents are the events of Kiln's core a webhook may want; a
// plugin's own (event.scheduled, learner.assigned) are typed in.
// (entry.unpublish is reserved, never sent: not offered.)
export const coreEvents = ['entry.create', 'entry.update', 'entry.delete', 'entry.publish',
  'media.create', 'media.update', 'media.delete'];

// eventsOf are the events a webhook form asks for: the boxes ticked, then
// the other names typed, comma-separated, without blanks or repeats.
export function eventsOf(ticked, typed) {
  const out = [...ticked];
  for (const e of typed.split(',').map((x) => x.trim()).filter(Boolean)) if (!out.includes(e)) out.push(e);
  return out;
}

// lifespans are the durations a new API token may be given, in
// milliseconds (null: it never expires), as Strapi's admin offers them.
const day = 24 * 60 * 60 * 1000;
export const lifespans = [['Unlimited', null], ['7 days', 7 * day], ['30 days', 30 * day], ['90 days', 90 * day]];

// when is an instant as a table shows it: the date and time in UTC, or
// a dash.
export function when(iso) {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : '—';
}

// cell is an entry's value as a list shows it.
export function cell(value) {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const s = String(value);
  return s.length > 80 ? `${s.slice(0, 79)}…` : s;
}

// client sends requests to base (the server's origin) with the token
// token() returns; a 401 calls onExpired (the token is no longer good:
// expired, revoked, the account blocked).
export function client({ base = '', token = () => '', onExpired = () => {}, fetch = globalThis.fetch } = {}) {
  async function send(method, path, body) {
    const headers = { Accept: 'application/json' };
    const t = token();
    if (t) headers.Authorization = `Bearer ${t}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    let data = null;
    try {
      data = await res.json();
    } catch {
      data = null;
    }
    if (!res.ok) {
      const err = errorOf(res.status, data);
      if (res.status === 401 && t) onExpired(err);
      throw err;
    }
    return data;
  }
  async function sendForm(path, form) {
    const headers = { Accept: 'application/json' };
    const t = token();
    if (t) headers.Authorization = `Bearer ${t}`;
    const res = await fetch(base + path, { method: 'POST', headers, body: form });
    let data = null;
    try { data = await res.json(); } catch { data = null; }
    if (!res.ok) {
      const err = errorOf(res.status, data);
      if (res.status === 401 && t) onExpired(err);
      throw err;
    }
    return data;
  }
  return {
    signIn: (identifier, password) => send('POST', '/api/auth/local', { identifier, password }),
    permissions: () => send('GET', '/api/users/me/permissions'),
    contentTypes: () => send('GET', '/api/content-type-builder/content-types'),
    components: () => send('GET', '/api/content-type-builder/components'),
    list: (pluralName, opts) => send('GET', `/api/${pluralName}?${listQuery(opts)}`),
    // entry reads one entry; populate is query-string parts (form.js's
    // populateOf).
    entry: (pluralName, documentId, status = '', populate = [], locale = '') =>
      send('GET', `/api/${pluralName}/${encodeURIComponent(documentId)}${readQuery(status, locale, populate)}`),
    locales: () => send('GET', '/api/i18n/locales'),
    // pick lists up to ten entries of a type whose field contains text,
    // for a relation's picker.
    pick: (pluralName, field, text) => send('GET', `/api/${pluralName}?pagination[pageSize]=10`
      + (field && text ? `&filters[${encodeURIComponent(field)}][$containsi]=${encodeURIComponent(text)}` : '')),
    // With status draft a write changes the draft only; without, on a
    // type with draft & publish, it publishes too (docs/drafts.md).
    create: (pluralName, data, status = '', locale = '') => send('POST', `/api/${pluralName}${writeQuery(status, locale)}`, { data }),
    // populate asks the answer to hold what the form shows (form.js's
    // populateOf), so that a save refills the form without a second read.
    update: (pluralName, documentId, data, status = '', locale = '', populate = []) =>
      send('PUT', `/api/${pluralName}/${encodeURIComponent(documentId)}${readQuery(status, locale, populate)}`, { data }),
    files: (opts = {}) => send('GET', `/api/upload/files?${filesQuery(opts)}`),
    describeFile: (id, info) => {
      const form = new FormData();
      form.append('fileInfo', JSON.stringify(info));
      return sendForm(`/api/upload?id=${id}`, form);
    },
    deleteFile: (id) => send('DELETE', `/api/upload/files/${id}`),
    // upload sends one file, telling onProgress the share sent (0 to 1):
    // fetch cannot, so it goes by XMLHttpRequest.
    upload: (file, onProgress = () => {}) => new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `${base}/api/upload`);
      const t = token();
      if (t) xhr.setRequestHeader('Authorization', `Bearer ${t}`);
      xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
      xhr.onload = () => {
        let body = null;
        try { body = JSON.parse(xhr.responseText); } catch { body = null; }
        if (xhr.status >= 200 && xhr.status < 300) { onProgress(1); resolve(body); return; }
        const err = errorOf(xhr.status, body);
        if (xhr.status === 401 && t) onExpired(err);
        reject(err);
      };
      xhr.onerror = () => reject(new ApiError(0, 'NetworkError', 'The upload did not reach the server.'));
      const form = new FormData();
      form.append('files', file, file.name);
      xhr.send(form);
    }),
    webhooks: () => send('GET', '/api/admin/webhooks'),
    createWebhook: (hook) => send('POST', '/api/admin/webhooks', { data: hook }),
    // PUT changes only what data names (docs/webhooks.md).
    updateWebhook: (id, changes) => send('PUT', `/api/admin/webhooks/${id}`, { data: changes }),
    deleteWebhook: (id) => send('DELETE', `/api/admin/webhooks/${id}`),
    deliveries: (id) => send('GET', `/api/admin/webhooks/${id}/deliveries?pagination[pageSize]=20`),
    redeliver: (id, did) => send('POST', `/api/admin/webhooks/${id}/deliveries/${did}/redeliver`),
    tokens: () => send('GET', '/api/admin/api-tokens'),
    createToken: (token) => send('POST', '/api/admin/api-tokens', token),
    revokeToken: (id) => send('DELETE', `/api/admin/api-tokens/${id}`),
    // A single type's one entry (docs/single-types.md): null when there
    // is none yet; a PUT makes it or changes it.
    single: async (singularName, status = '', populate = [], locale = '') => {
      try {
        return (await send('GET', `/api/${singularName}${readQuery(status, locale, populate)}`)).data;
      } catch (err) {
        if (err.status === 404) return null;
        throw err;
      }
    },
    saveSingle: (singularName, data, status = '', locale = '', populate = []) =>
      send('PUT', `/api/${singularName}${readQuery(status, locale, populate)}`, { data }),
    removeSingle: (singularName, locale = '') => send('DELETE', `/api/${singularName}${writeQuery('', locale)}`),
    published: async (pluralName, documentIds, locale = '') => {
      if (!documentIds.length) return new Set();
      const { data } = await send('GET', `/api/${pluralName}?${publishedQuery(documentIds)}${locale ? `&locale=${encodeURIComponent(locale)}` : ''}`);
      return new Set(data.map((e) => e.documentId));
    },
    // uidTaken says whether another entry holds a uid's value.
    uidTaken: async (pluralName, field, value, documentId = '', locale = '') =>
      (await send('GET', `/api/${pluralName}?${uidQuery(field, value, documentId, locale)}`)).data.length > 0,
    // localized answers, for each of the documents, the codes of the
    // locales it exists in.
    localized: async (pluralName, documentIds, localeCount) => {
      const out = new Map(documentIds.map((d) => [d, []]));
      if (!documentIds.length) return out;
      for (let page = 1, pages = 1; page <= pages; page++) {
        const { data, meta } = await send('GET', `/api/${pluralName}?${localizedQuery(documentIds, localeCount, page)}`);
        for (const e of data) if (out.has(e.documentId)) out.get(e.documentId).push(e.locale);
        pages = meta.pagination.pageCount;
      }
      return out;
    },
    remove: (pluralName, documentId, locale = '') =>
      send('DELETE', `/api/${pluralName}/${encodeURIComponent(documentId)}${writeQuery('', locale)}`),
    settings: () => send('GET', '/admin/settings.json'),
    // plugins is what the plugins add to the panel (/admin/plugins.json:
    // pages, cards, sections; plugins.js draws them).
    plugins: () => send('GET', '/admin/plugins.json'),
    // views are every type's view (config/views.yaml, with the defaults),
    // and whether the server writes them; saveView changes one.
    views: () => send('GET', '/api/content-manager/views'),
    saveView: (uid, view) => send('PUT', `/api/content-manager/views/${encodeURIComponent(uid)}`, { data: view }),
    // request is the client as plugins' modules call it: any method and
    // path of the API, a JSON body, the answer's JSON or an ApiError.
    request: (method, path, body) => send(method, path, body),
  };
}

// The scalar field kinds the form edits in one input, and the input
// each gets (form.js has the others).
const inputs = {
  string: 'text', uid: 'text', email: 'email', password: 'password', text: 'textarea', richtext: 'markdown',
  integer: 'number', biginteger: 'text', decimal: 'number', float: 'number', boolean: 'checkbox',
  date: 'date', time: 'time', datetime: 'datetime-local', enumeration: 'select', json: 'json',
};

// inputOf is the input a scalar kind is edited in, or undefined.
export const inputOf = (kind) => inputs[kind];

// toInput is a stored value as its input shows it.
export function toInput(field, value) {
  if (value === null || value === undefined) return field.input === 'checkbox' ? false : '';
  switch (field.input) {
    case 'checkbox': return !!value;
    case 'json': return JSON.stringify(value, null, 2);
    case 'time': return String(value).slice(0, 8);
    case 'datetime-local': return String(value).slice(0, 16); // UTC, to the minute
    case 'password': return '';
    default: return String(value);
  }
}

// fromInput is what an input holds as the value the API takes, or an
// error message for the field. An empty input is null (a password left
// empty is left out: undefined).
export function fromInput(field, raw) {
  if (field.input === 'checkbox') return { value: !!raw };
  if (raw === '' || raw === undefined || raw === null) return { value: field.input === 'password' ? undefined : null };
  switch (field.type) {
    case 'integer': {
      const n = Number(raw);
      return Number.isInteger(n) ? { value: n } : { error: `${field.name} must be a whole number` };
    }
    case 'decimal': case 'float': {
      const n = Number(raw);
      return Number.isFinite(n) ? { value: n } : { error: `${field.name} must be a number` };
    }
    case 'biginteger':
      return /^-?\d+$/.test(String(raw).trim()) ? { value: String(raw).trim() } : { error: `${field.name} must be a whole number` };
    case 'json':
      try {
        return { value: JSON.parse(raw) };
      } catch {
        return { error: `${field.name} must be JSON` };
      }
    case 'datetime':
      return { value: `${raw}:00.000Z` };
    default:
      return { value: raw };
  }
}

// placeErrors puts a refusal's messages (Strapi's details.errors) where
// at says, from each one's path (a key, or '' for above the form), and
// the rest, or the refusal's own message, above the form.
export function placeErrors(err, at) {
  const byField = {};
  const other = [];
  for (const e of (err.details && err.details.errors) || []) {
    const key = at(Array.isArray(e.path) ? e.path.map(String) : []);
    if (key) byField[key] = byField[key] ? `${byField[key]} ${e.message}` : e.message;
    else other.push(e.message);
  }
  return { byField, other: Object.keys(byField).length || other.length ? other : [err.message] };
}

// fieldErrors are a refusal's messages by the field their path starts
// with, and the rest: a form of flat fields (the Settings pages').
export const fieldErrors = (err) => placeErrors(err, (path) => path[0] || '');
