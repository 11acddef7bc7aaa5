// A list's state in the panel's address, so that a filtered, searched,
// sorted list at some page is a link: #/content/<apiID>?<query>. The
// query is Strapi's admin's own: filters[$and][i][field][operator]=value
// (filters.js's parts), _q for the search, sort, page and locale.

import { filterFields, filterParts, newFilter, operatorsByKind, takesNoValue } from './filters.js';

// listAddress is the address of a type's list in a state.
export function listAddress(apiID, { filters = [], search = '', sort = '', page = 1, locale = '' }) {
  const parts = [...filterParts(filters)];
  if (search) parts.push(`_q=${encodeURIComponent(search)}`);
  if (sort) parts.push(`sort=${encodeURIComponent(sort)}`);
  if (page > 1) parts.push(`page=${page}`);
  if (locale) parts.push(`locale=${encodeURIComponent(locale)}`);
  return `#/content/${apiID}${parts.length ? `?${parts.join('&')}` : ''}`;
}

const part = /^filters\[\$and\]\[(\d+)\]((?:\[[^\][]+\])+)\[(\$[A-Za-z]+)\]$/;

// listStateOf reads a list's state from an address's query (types: the
// schema's, for filters through relations). What the type
// cannot be filtered on (an unknown field, an operator its kind is not
// filtered with) is left out, as is a page that is no number; a
// date-time comes back as the browser's picker writes it.
export function listStateOf(query, type, types = []) {
  const fields = filterFields(type, types);
  const params = new URLSearchParams(query);
  const found = [];
  for (const [key, value] of params) {
    const m = part.exec(key);
    const field = m && fields.find((f) => f.name === m[2].slice(1, -1).split('][').join('.'));
    if (!field || !operatorsByKind[field.kind].includes(m[3])) continue;
    let v = takesNoValue(m[3]) ? '' : value;
    if (field.kind === 'datetime') v = v.replace(/^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}):00\.000Z$/, '$1');
    found.push([Number(m[1]), { ...newFilter(field), operator: m[3], value: v }]);
  }
  found.sort((a, b) => a[0] - b[0]);
  const page = Number(params.get('page'));
  return {
    filters: found.map(([, f]) => f),
    search: params.get('_q') || '',
    sort: params.get('sort') || '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
    locale: params.get('locale') || '',
  };
}
