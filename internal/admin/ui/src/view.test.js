import { describe, expect, it } from 'vitest';
import { mainFieldChoices, sortChoices } from './view.js';

describe('configure the view', () => {
  const program = { schema: { attributes: {
    title: { type: 'string' }, secret: { type: 'string', private: true }, cover: { type: 'media' }, body: { type: 'blocks' },
    seats: { type: 'integer' }, open: { type: 'boolean' }, coach: { type: 'relation' }, starts: { type: 'date' },
  } } };
  it('offers as main field what names an entry, as the server takes it (internal/views)', () => {
    expect(mainFieldChoices(program)).toEqual(['title', 'seats', 'starts', 'id', 'documentId']);
  });
  it('sorts by a column\'s field or the system ones', () => {
    expect(sortChoices(program)).toEqual(['title', 'seats', 'open', 'starts', 'id', 'createdAt', 'updatedAt']);
  });
});
