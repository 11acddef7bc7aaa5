import { describe, expect, it } from 'vitest';
import { listAddress, listStateOf } from './liststate.js';
import { filterFields, newFilter, operatorsByKind, takesNoValue } from './filters.js';

// A type with every kind the list filters on.
const kinds = Object.keys(operatorsByKind);
const type = { schema: { attributes: Object.fromEntries(kinds.map((k) => [`f_${k}`, { type: k, enum: k === 'enumeration' ? ['a', 'b c'] : undefined }])) } };
const sample = { string: 'Ünïcode & co', text: 'a=b', richtext: '#x', email: 'a@b.c', uid: 'x-y', integer: '-3', biginteger: '9007199254740993',
  decimal: '1.5', float: '2e3', date: '2026-01-02', time: '10:00:00', datetime: '2026-01-02T03:04', boolean: 'false', enumeration: 'b c' };

describe('a list\'s address', () => {
  it('gives back every kind with every operator it is filtered with, in order, with the search, sort, page and locale', () => {
    const filters = [];
    for (const f of filterFields(type)) {
      for (const op of operatorsByKind[f.kind]) filters.push({ ...newFilter(f), operator: op, value: takesNoValue(op) ? '' : sample[f.kind] });
    }
    expect(filters.length).toBeGreaterThan(80);
    const state = { filters, search: 'lead & co', sort: 'f_string:desc', page: 3, locale: 'fr' };
    const address = listAddress('thing', state);
    expect(address.startsWith('#/content/thing?filters[$and][0][f_string][$eq]=')).toBe(true);
    expect(listStateOf(address.split('?')[1], type)).toEqual(state);
  });
  it('gives back filters through relations, by the target\'s main field or its id', () => {
    const customer = { uid: 'api::customer.customer', view: { mainField: 'name' }, schema: { attributes: { name: { type: 'string' } } } };
    const coach = { uid: 'api::coach.coach', view: { mainField: 'id' }, schema: { attributes: { name: { type: 'string' } } } };
    const program = { schema: { attributes: { title: { type: 'string' },
      customer: { type: 'relation', target: 'api::customer.customer' }, coaches: { type: 'relation', target: 'api::coach.coach' },
      hidden: { type: 'relation', target: 'api::customer.customer', private: true }, other: { type: 'relation', target: 'api::nope.nope' } } } };
    const types = [customer, coach];
    expect(filterFields(program, types).map((f) => `${f.name}:${f.kind}`)).toEqual(['title:string', 'customer.name:string', 'coaches.id:integer']);
    const filters = [{ ...newFilter({ name: 'customer.name', kind: 'string', options: [] }), operator: '$containsi', value: 'Ac me' },
      { ...newFilter({ name: 'coaches.id', kind: 'integer', options: [] }), operator: '$gt', value: '2' }];
    const address = listAddress('program', { filters });
    expect(address).toBe('#/content/program?filters[$and][0][customer][name][$containsi]=Ac%20me&filters[$and][1][coaches][id][$gt]=2');
    expect(listStateOf(address.split('?')[1], program, types).filters).toEqual(filters);
    expect(listStateOf(address.split('?')[1], program).filters).toEqual([]); // without the types: no relation to filter through
  });
  it('is the bare list with nothing chosen, and reads back as it', () => {
    expect(listAddress('thing', {})).toBe('#/content/thing');
    expect(listStateOf('', type)).toEqual({ filters: [], search: '', sort: '', page: 1, locale: '' });
  });
  it('leaves out what the type cannot be filtered on, and a page that is no number', () => {
    const q = 'filters[$and][0][nope][$eq]=1&filters[$and][1][f_boolean][$gt]=1&filters[$and][2][f_integer][$gt]=4&page=x';
    expect(listStateOf(q, type)).toEqual({ filters: [{ field: 'f_integer', kind: 'integer', operator: '$gt', value: '4' }],
      search: '', sort: '', page: 1, locale: '' });
  });
});
