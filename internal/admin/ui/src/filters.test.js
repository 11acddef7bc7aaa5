import { describe, expect, it } from 'vitest';
import { listQuery } from './api.js';
import {
  describeFilter, filterFields, filterParts, missingValue, newFilter, operatorLabels, operatorsByKind, sentValue,
  takesNoValue, valueInput,
} from './filters.js';

// A value of each kind as its input gives it, what the API is sent for
// it, and how its chip reads it. The cases below are every kind of this
// table crossed with every operator operatorsByKind gives it.
const samples = {
  string: ['Sales & more', 'Sales%20%26%20more', 'Sales & more'],
  text: ['a=b', 'a%3Db', 'a=b'],
  richtext: ['# Title', '%23%20Title', '# Title'],
  email: ['ann+1@x.test', 'ann%2B1%40x.test', 'ann+1@x.test'],
  uid: ['sales-for-2', 'sales-for-2', 'sales-for-2'],
  integer: ['20', '20', '20'],
  biginteger: ['9007199254740993', '9007199254740993', '9007199254740993'],
  decimal: ['4.5', '4.5', '4.5'],
  float: ['-0.25', '-0.25', '-0.25'],
  date: ['2027-05-22', '2027-05-22', '2027-05-22'],
  time: ['09:30', '09%3A30', '09:30'],
  datetime: ['2026-01-01T10:00', '2026-01-01T10%3A00%3A00.000Z', '2026-01-01T10:00 UTC'],
  boolean: ['false', 'false', 'false'],
  enumeration: ['published', 'published', 'published'],
};

const cases = Object.entries(operatorsByKind)
  .flatMap(([kind, ops]) => ops.map((operator) => ({ kind, operator, sample: samples[kind] })));

describe('operatorsByKind', () => {
  it('has a sample of every kind it filters, and a label for every operator it offers', () => {
    expect(Object.keys(samples).sort()).toEqual(Object.keys(operatorsByKind).sort());
    for (const { operator } of cases) expect(operatorLabels[operator], operator).toBeTruthy();
  });
  it('offers text kinds search operators, numbers and instants comparisons, a boolean or an enumeration a match', () => {
    const text = ['$eq', '$ne', '$containsi', '$notContainsi', '$startsWith', '$endsWith', '$null', '$notNull'];
    const order = ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$null', '$notNull'];
    for (const k of ['string', 'text', 'richtext', 'email', 'uid']) expect(operatorsByKind[k], k).toEqual(text);
    for (const k of ['integer', 'biginteger', 'decimal', 'float', 'date', 'time', 'datetime']) expect(operatorsByKind[k], k).toEqual(order);
    expect(operatorsByKind.boolean).toEqual(['$eq']);
    expect(operatorsByKind.enumeration).toEqual(['$eq', '$ne']);
  });
});

describe.each(cases)('$kind $operator', ({ kind, operator, sample: [typed, sent, shown] }) => {
  const filter = { field: 'f', kind, operator, value: typed };
  const none = takesNoValue(operator);
  it('is sent as an item of $and, the value URL-encoded', () => {
    expect(filterParts([filter])).toEqual([`filters[$and][0][f][${operator}]=${none ? 'true' : sent}`]);
  });
  it('reads on its chip as field, operator and value', () => {
    expect(describeFilter(filter)).toBe(none ? `f ${operatorLabels[operator]}` : `f ${operatorLabels[operator]} ${shown}`);
  });
  it(none ? 'needs no value' : 'needs a value', () => {
    expect(missingValue({ ...filter, value: '' })).toBe(none ? '' : 'Enter a value for f');
    expect(missingValue({ ...filter, value: '  ' })).toBe(none ? '' : 'Enter a value for f');
    expect(missingValue(filter)).toBe('');
  });
});

describe('filterParts', () => {
  it('keeps conditions apart in their order, two on one field and operator too', () => {
    const parts = filterParts([
      { field: 'status', kind: 'enumeration', operator: '$ne', value: 'draft' },
      { field: 'status', kind: 'enumeration', operator: '$ne', value: 'archived' },
      { field: 'capacity', kind: 'integer', operator: '$null', value: '' },
    ]);
    expect(parts).toEqual(['filters[$and][0][status][$ne]=draft', 'filters[$and][1][status][$ne]=archived',
      'filters[$and][2][capacity][$null]=true']);
  });
  it('escapes what would break the query string: & = # ? + % brackets, spaces and non-ASCII', () => {
    const value = 'a&b=c#d?e+f%g[h] ü/🙂';
    const [part] = filterParts([{ field: 'title', kind: 'string', operator: '$containsi', value }]);
    expect(part).toBe('filters[$and][0][title][$containsi]=a%26b%3Dc%23d%3Fe%2Bf%25g%5Bh%5D%20%C3%BC%2F%F0%9F%99%82');
    expect(decodeURIComponent(part.split('=').slice(1).join('='))).toBe(value);
    expect(new URLSearchParams(part).get('filters[$and][0][title][$containsi]')).toBe(value);
  });
  it('escapes a field name, and trims a value as typed', () => {
    expect(filterParts([{ field: 'a]b', kind: 'string', operator: '$eq', value: '  x ' }])).toEqual(['filters[$and][0][a%5Db][$eq]=x']);
  });
  it('sends nothing without conditions', () => {
    expect(filterParts([])).toEqual([]);
  });
});

describe('describeFilter', () => {
  it('reads the value as it is sent, trimmed', () => {
    expect(describeFilter({ field: 'title', kind: 'string', operator: '$startsWith', value: ' Sales for ' })).toBe('title starts with Sales for');
  });
});

describe('sentValue', () => {
  it('sends a date-time from the picker as UTC, and one already whole as it is', () => {
    expect(sentValue({ kind: 'datetime', operator: '$gt', value: '2026-03-04T05:06' })).toBe('2026-03-04T05:06:00.000Z');
    expect(sentValue({ kind: 'datetime', operator: '$gt', value: '2026-03-04T05:06:07Z' })).toBe('2026-03-04T05:06:07Z');
  });
  it('sends true for $null and $notNull, whatever was typed', () => {
    expect(sentValue({ kind: 'string', operator: '$null', value: 'x' })).toBe('true');
    expect(sentValue({ kind: 'date', operator: '$notNull', value: '' })).toBe('true');
  });
});

describe('listQuery with filters', () => {
  it('appends the parts after the search, both sent', () => {
    const filters = filterParts([{ field: 'status', kind: 'enumeration', operator: '$eq', value: 'published' }]);
    expect(listQuery({ search: 'a&b', searchField: 'title', filters }))
      .toBe('pagination[page]=1&pagination[pageSize]=25&filters[title][$containsi]=a%26b&filters[$and][0][status][$eq]=published');
    expect(listQuery({ filters: [] })).toBe('pagination[page]=1&pagination[pageSize]=25');
  });
});

const program = {
  schema: {
    attributes: {
      title: { type: 'string' }, description: { type: 'richtext' }, status: { type: 'enumeration', enum: ['draft', 'published'] },
      capacity: { type: 'integer' }, startAt: { type: 'datetime' }, active: { type: 'boolean' }, secret: { type: 'string', private: true },
      outline: { type: 'json' }, customer: { type: 'relation' }, cover: { type: 'media' }, password: { type: 'password' },
    },
  },
};

describe('filterFields, valueInput and newFilter', () => {
  it('lists the scalar fields that are not private, in order, with their kind', () => {
    expect(filterFields(program).map((f) => [f.name, f.kind])).toEqual([
      ['title', 'string'], ['description', 'richtext'], ['status', 'enumeration'], ['capacity', 'integer'],
      ['startAt', 'datetime'], ['active', 'boolean']]);
  });
  it('gives each kind an input: numbers as numbers, a big integer as text, a choice as a select', () => {
    const input = (kind, options) => valueInput({ kind, options }).type;
    expect(Object.keys(operatorsByKind).map((k) => [k, input(k)])).toEqual([
      ['string', 'text'], ['text', 'text'], ['richtext', 'text'], ['email', 'text'], ['uid', 'text'],
      ['integer', 'number'], ['biginteger', 'text'], ['decimal', 'number'], ['float', 'number'],
      ['date', 'date'], ['time', 'time'], ['datetime', 'datetime-local'], ['boolean', 'select'], ['enumeration', 'select']]);
    expect(valueInput({ kind: 'integer' }).step).toBe('1');
    expect(valueInput({ kind: 'decimal' }).step).toBe('any');
    expect(valueInput({ kind: 'enumeration', options: ['a', 'b'] }).options).toEqual(['a', 'b']);
  });
  it('starts a condition on a field with its kind\'s first operator and its first choice', () => {
    const [, , status, capacity, , active] = filterFields(program);
    expect(newFilter(status)).toEqual({ field: 'status', kind: 'enumeration', operator: '$eq', value: 'draft' });
    expect(newFilter(capacity)).toEqual({ field: 'capacity', kind: 'integer', operator: '$eq', value: '' });
    expect(newFilter(active)).toEqual({ field: 'active', kind: 'boolean', operator: '$eq', value: 'true' });
  });
});
