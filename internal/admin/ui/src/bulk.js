// Bulk actions on a list's chosen entries, as Strapi's list has them:
// publish (a type with draft & publish, for roles that may update it)
// and delete (for roles that may delete). Each entry is one request of
// the REST API, four at a time; the list then says how many each did
// and why any was refused.

import { useState } from 'preact/hooks';
import { html } from 'htm/preact';

// runAll calls each of items, at most width at once, and answers how
// many succeeded and the messages of those that failed, in order.
export async function runAll(items, call, width = 4) {
  const failed = new Array(items.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      try {
        await call(items[i]);
      } catch (err) {
        failed[i] = err.message || String(err);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  const messages = failed.filter((m) => m !== null);
  return { done: items.length - messages.length, messages };
}

// summary is what a bulk action says once over: "Published 3 entries."
// and, for those refused, how many and the first reason.
export function summary(verb, { done, messages }) {
  const n = (k) => `${k} ${k === 1 ? 'entry' : 'entries'}`;
  const out = [`${verb} ${n(done)}.`];
  if (messages.length) out.push(`${n(messages.length)} refused: ${messages[0]}`);
  return out.join(' ');
}

// Bulk is the bar over a list with entries chosen: how many, and the
// actions the caller's role allows on them.
export function Bulk({ api, type, chosen, locale, can, onDone }) {
  const [busy, setBusy] = useState(false);
  const plural = type.schema.pluralName;
  const act = async (verb, call, confirmText) => {
    if (confirmText && !window.confirm(confirmText)) return;
    setBusy(true);
    const result = await runAll(chosen, call);
    setBusy(false);
    onDone(summary(verb, result));
  };
  const n = chosen.length;
  return html`<div class="bulk" role="group" aria-label="Chosen entries">
    <span>${n} ${n === 1 ? 'entry' : 'entries'} chosen</span>
    ${type.schema.draftAndPublish && can(`${type.apiID}.update`) && html`<button type="button" disabled=${busy}
      onClick=${() => act('Published', (doc) => api.update(plural, doc, {}, '', locale))}>Publish</button>`}
    ${can(`${type.apiID}.delete`) && html`<button type="button" class="danger" disabled=${busy}
      onClick=${() => act('Deleted', (doc) => api.remove(plural, doc, locale), `Delete ${n} ${n === 1 ? 'entry' : 'entries'}?`)}>Delete</button>`}
  </div>`;
}

// canBulk says whether a role may do any bulk action on a type.
export const canBulk = (type, can) => can(`${type.apiID}.delete`) || (type.schema.draftAndPublish && can(`${type.apiID}.update`));
