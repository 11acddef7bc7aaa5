// The list's filters beyond the search: conditions of a field, an
// operator and a value, sent in Strapi 5's filters dialect (docs/api.md)
// and all of them required (AND). Nothing here touches the DOM, so vitest
// checks it alone (filters.test.js).

// operatorLabels are the operators the panel offers, worded as Strapi's
// admin words them, for the operator list and the chips.
export const operatorLabels = {
  $eq: 'is',
  $ne: 'is not',
  $containsi: 'contains',
  $notContainsi: 'does not contain',
  $startsWith: 'starts with',
  $endsWith: 'ends with',
  $gt: 'is greater than',
  $gte: 'is greater than or equal to',
  $lt: 'is lower than',
  $lte: 'is lower than or equal to',
  $null: 'is null',
  $notNull: 'is not null',
};

const textual = ['$eq', '$ne', '$containsi', '$notContainsi', '$startsWith', '$endsWith', '$null', '$notNull'];
const ordered = ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$null', '$notNull'];

// operatorsByKind are the operators each scalar kind is filtered with:
// text is searched in, numbers and instants compared, a boolean or an
// enumeration's value only matched.
export const operatorsByKind = {
  string: textual, text: textual, richtext: textual, email: textual, uid: textual,
  integer: ordered, biginteger: ordered, decimal: ordered, float: ordered,
  date: ordered, time: ordered, datetime: ordered,
  boolean: ['$eq'],
  enumeration: ['$eq', '$ne'],
};

// takesNoValue reports whether an operator is whole without a value: the
// panel sends true for it ($null=true).
export const takesNoValue = (operator) => operator === '$null' || operator === '$notNull';

// filterFields are the fields a list can be filtered on: the type's
// scalar fields that are not private, in their order, each with its
// kind and an enumeration's values; and, given the types (types), each
// relation by its target's main field ("customer.name"), as Strapi's
// admin filters a relation.
export function filterFields(type, types = []) {
  const out = [];
  for (const [name, a] of Object.entries(type.schema.attributes)) {
    if (a.private) continue;
    if (operatorsByKind[a.type]) out.push({ name, kind: a.type, options: a.enum || [] });
    if (a.type !== 'relation') continue;
    const target = types.find((t) => t.uid === a.target);
    if (!target) continue;
    const main = target.view && target.view.mainField;
    const m = main && target.schema.attributes[main];
    if (m && operatorsByKind[m.type] && !m.private) out.push({ name: `${name}.${main}`, kind: m.type, options: m.enum || [] });
    else out.push({ name: `${name}.id`, kind: 'integer', options: [] });
  }
  return out;
}

// valueInput is how the value of a kind is typed: the input's type (or
// a select, with its options), and its step for a number. A big integer
// is text, so that no digit is lost; an e-mail is text, since a part of
// one is no e-mail.
export function valueInput(field) {
  switch (field.kind) {
    case 'integer': return { type: 'number', step: '1' };
    case 'decimal': case 'float': return { type: 'number', step: 'any' };
    case 'date': return { type: 'date' };
    case 'time': return { type: 'time' };
    case 'datetime': return { type: 'datetime-local' };
    case 'boolean': return { type: 'select', options: ['true', 'false'] };
    case 'enumeration': return { type: 'select', options: field.options };
    default: return { type: 'text' };
  }
}

// newFilter is the condition the form starts with for a field: its
// kind's first operator, and the first choice of a list (else nothing).
export function newFilter(field) {
  const input = valueInput(field);
  return { field: field.name, kind: field.kind, operator: operatorsByKind[field.kind][0], value: input.options ? (input.options[0] ?? '') : '' };
}

// missingValue is the message for a condition that needs a value and
// has none, or '' when it can be added. Whether the value is one of its
// kind is the server's to say (a 400 the list shows).
export function missingValue(filter) {
  return takesNoValue(filter.operator) || String(filter.value).trim() !== '' ? '' : `Enter a value for ${filter.field}`;
}

// sentValue is the value as the API takes it: true for $null and
// $notNull, a date-time typed in the browser's picker as UTC (as the form
// writes it), the rest as typed.
export function sentValue(filter) {
  if (takesNoValue(filter.operator)) return 'true';
  const v = String(filter.value).trim();
  if (filter.kind === 'datetime' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v)) return `${v}:00.000Z`;
  return v;
}

// filterParts are the query-string parts of the conditions (a relation's
// through its field: filters[$and][0][customer][name][$eq]): each an item
// of $and, as Strapi's admin sends them, so that two conditions on one
// field and operator (status is not a, status is not b) stay two, and
// none meets the search's filters[field][$containsi]. Names and values
// are URL-encoded; the operators are the table's own.
export function filterParts(filters) {
  return filters.map((f, i) => `filters[$and][${i}]${f.field.split('.').map((p) => `[${encodeURIComponent(p)}]`).join('')}`
    + `[${f.operator}]=${encodeURIComponent(sentValue(f))}`);
}

// describeFilter is a condition as its chip reads it: "status is
// published", "capacity is null"; a date-time says it is UTC.
export function describeFilter(filter) {
  const words = [filter.field, operatorLabels[filter.operator]];
  const value = String(filter.value).trim(); // as sent
  if (!takesNoValue(filter.operator)) words.push(filter.kind === 'datetime' ? `${value} UTC` : value);
  return words.join(' ');
}
