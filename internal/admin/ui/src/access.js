// The Settings pages' own logic: a custom API token's grid of actions
// (from the schema) and the list of permissions it sends, and the body of
// a webhook's edit. Nothing here touches the DOM (access.test.js).

import { coreEvents, eventsOf } from './api.js';

// The generated routes' actions of each kind of type, in the order the
// grid shows them (docs/api-tokens.md: the route table's actions).
const opsByKind = {
  collectionType: ['find', 'findOne', 'create', 'update', 'delete'],
  singleType: ['find', 'update', 'delete'],
};

// gridColumns are the grid's columns: every action a type may have, a
// draft & publish type's readDrafts last.
export const gridColumns = [...opsByKind.collectionType, 'readDrafts'];

// actionsOf are the actions a custom token may list for a type: its
// kind's routes, and readDrafts when it has draft & publish.
export function actionsOf(type) {
  const ops = opsByKind[type.schema.kind] || [];
  return [...ops, ...(type.schema.draftAndPublish ? ['readDrafts'] : [])].map((op) => `${type.apiID}.${op}`);
}

// tokenGrid are the grid's rows: each content type with routes of its
// own, by display name. A plugin's type (the users, the files) is left
// out: its routes have actions of their own (users.find, upload.find),
// typed in beside the grid.
export function tokenGrid(types) {
  return types
    .filter((t) => !t.plugin && opsByKind[t.schema.kind])
    .map((t) => ({ apiID: t.apiID, label: t.schema.displayName || t.apiID, actions: actionsOf(t) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

// typedActions are the actions typed in, comma-separated, without blanks.
export function typedActions(text) {
  return text.split(',').map((x) => x.trim()).filter(Boolean);
}

// permissionsOf is what a custom token sends: the ticked boxes in the
// grid's order, then the typed actions, none twice (the server refuses a
// repeat).
export function permissionsOf(grid, ticked, typed) {
  const out = grid.flatMap((row) => row.actions.filter((a) => ticked.has(a)));
  for (const a of typedActions(typed)) if (!out.includes(a)) out.push(a);
  return out;
}

// tickRow is ticked with all of a row's actions on or off: "select all".
export function tickRow(ticked, row, on) {
  const out = new Set(ticked);
  for (const a of row.actions) on ? out.add(a) : out.delete(a);
  return out;
}

// rowState says whether a row's actions are all ticked, some or none:
// the "select all" box's checked and mixed states.
export function rowState(ticked, row) {
  const n = row.actions.filter((a) => ticked.has(a)).length;
  return n === 0 ? 'none' : n === row.actions.length ? 'all' : 'some';
}

// refusedAt is where the server's refusal of permissions belongs: at the
// typed text when it names an action typed there (the grid offers only
// actions the server knows), else at the grid.
export function refusedAt(message, typed) {
  return typedActions(typed).some((a) => message.includes(`"${a}"`)) ? 'typed' : 'grid';
}

// hookForm is a webhook as its form shows it: the core's events as
// ticked boxes, the others ("*", a plugin's) typed.
export function hookForm(hook) {
  const events = hook.events || [];
  return {
    name: hook.name,
    url: hook.url,
    ticked: events.filter((e) => coreEvents.includes(e)),
    typed: events.filter((e) => !coreEvents.includes(e)).join(', '),
    enabled: hook.enabled !== false,
    types: hook.types || [],
    headers: headersText(hook.headers),
  };
}

// hookTypes are the content types a webhook may be narrowed to, by the
// names its types take (apiID), by display name.
export function hookTypes(types) {
  return types.filter((t) => t.schema.visible !== false)
    .map((t) => ({ name: t.apiID, label: t.schema.displayName || t.apiID }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

// headersText is a webhook's own headers as the form shows them: a line
// "Name: value" each, by name.
export function headersText(headers) {
  return Object.keys(headers || {}).sort().map((k) => `${k}: ${headers[k]}`).join('\n');
}

// A header's name is an HTTP token (RFC 9110).
const token = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

// parseHeaders reads the form's lines back into the headers a webhook
// sends, or says which line is not "Name: value".
export function parseHeaders(text) {
  const headers = {};
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  for (const [i, line] of lines.entries()) {
    const at = line.indexOf(':');
    const name = at > 0 ? line.slice(0, at).trim() : '';
    if (!token.test(name)) return { error: `header line ${i + 1} is not "Name: value"` };
    headers[name] = line.slice(at + 1).trim();
  }
  return { headers };
}

// hookBody is a new webhook's body: what the form holds, types and
// headers only when given; or the error of what cannot be sent.
export function hookBody(form) {
  const { headers, error } = parseHeaders(form.headers || '');
  if (error) return { errors: { headers: error } };
  const data = { name: form.name.trim(), url: form.url.trim(), events: eventsOf(form.ticked, form.typed), enabled: form.enabled };
  if ((form.types || []).length) data.types = form.types;
  if (Object.keys(headers).length) data.headers = headers;
  return { data, errors: {} };
}

// sameSet reports whether two lists hold the same names, in any order.
const sameSet = (a, b) => a.length === b.length && a.every((x) => b.includes(x));

// hookChanges is the body of a webhook's PUT: only what the form changed
// (PUT changes only what it names, so what is left as it was, and the
// secret, stay), and the errors of what cannot be sent. An empty name or URL is
// refused here, before the server's own 400 for it.
export function hookChanges(hook, form) {
  const data = {};
  const errors = {};
  const name = form.name.trim();
  const url = form.url.trim();
  const events = eventsOf(form.ticked, form.typed);
  if (!name) errors.name = 'a name is required';
  else if (name !== hook.name) data.name = name;
  if (!url) errors.url = 'a URL is required';
  else if (url !== hook.url) data.url = url;
  if (!events.length) errors.events = 'at least one event is required';
  else if (!sameSet(events, hook.events || [])) data.events = events;
  if (form.enabled !== (hook.enabled !== false)) data.enabled = form.enabled;
  if (!sameSet(form.types || [], hook.types || [])) data.types = form.types || [];
  const { headers, error } = parseHeaders(form.headers || '');
  if (error) errors.headers = error;
  else if (headersText(headers) !== headersText(hook.headers)) data.headers = headers;
  return { data, errors };
}
