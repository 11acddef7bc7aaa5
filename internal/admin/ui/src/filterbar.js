// The list's "Filters" control: a form that adds a condition, and the
// conditions in force as chips that remove them.

import { useRef, useState } from 'preact/hooks';
import { html } from 'htm/preact';
import { describeFilter, missingValue, newFilter, operatorLabels, operatorsByKind, takesNoValue, valueInput } from './filters.js';

// Filters edits the list's conditions: onChange gets the new list, the
// conditions combined with AND.
export function Filters({ fields, filters, onChange }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(() => (fields[0] ? newFilter(fields[0]) : null));
  const [problem, setProblem] = useState('');
  const toggle = useRef(null);
  if (!draft) return null;
  const field = fields.find((f) => f.name === draft.field);
  const input = valueInput(field);
  // Focus goes back to "Filters" (always drawn) when the form closes or a
  // chip goes, so that a keyboard user is not left on nothing.
  const refocus = () => toggle.current && toggle.current.focus();
  const add = (e) => {
    e.preventDefault();
    const missing = missingValue(draft);
    if (missing) { setProblem(missing); return; }
    onChange([...filters, draft]);
    setDraft(newFilter(field));
    setProblem('');
    setOpen(false);
    refocus();
  };
  const remove = (i) => { onChange(filters.filter((_, j) => j !== i)); refocus(); };
  const change = (patch) => { setDraft({ ...draft, ...patch }); setProblem(''); };
  return html`<div class="filters">
    <button type="button" class="secondary" ref=${toggle} aria-expanded=${open} aria-controls="filter-form"
      onClick=${() => setOpen(!open)}>Filters${filters.length ? ` (${filters.length})` : ''}</button>
    ${open && html`<form id="filter-form" class="filter-form" aria-label="Add a filter" onSubmit=${add}
      onKeyDown=${(e) => { if (e.key === 'Escape') { setOpen(false); refocus(); } }}>
      <div><label for="filter-field">Field</label>
        <select id="filter-field" value=${draft.field}
          onChange=${(e) => { setDraft(newFilter(fields.find((f) => f.name === e.target.value))); setProblem(''); }}>
          ${fields.map((f) => html`<option value=${f.name}>${f.name}</option>`)}</select></div>
      <div><label for="filter-operator">Operator</label>
        <select id="filter-operator" value=${draft.operator} onChange=${(e) => change({ operator: e.target.value })}>
          ${operatorsByKind[field.kind].map((op) => html`<option value=${op}>${operatorLabels[op]}</option>`)}</select></div>
      ${!takesNoValue(draft.operator) && html`<div><label for="filter-value">Value</label>
        ${input.type === 'select'
          ? html`<select id="filter-value" value=${draft.value} onChange=${(e) => change({ value: e.target.value })}>
              ${input.options.map((o) => html`<option value=${o}>${o}</option>`)}</select>`
          : html`<input id="filter-value" type=${input.type} step=${input.step} value=${draft.value}
              aria-invalid=${problem ? 'true' : undefined} aria-describedby=${problem ? 'filter-problem' : undefined}
              onInput=${(e) => change({ value: e.target.value })} />`}</div>`}
      <button type="submit">Add filter</button>
      ${problem && html`<p id="filter-problem" class="field-error" role="alert">${problem}</p>`}
    </form>`}
    ${filters.length > 0 && html`<ul class="chips" aria-label="Active filters">
      ${filters.map((f, i) => html`<li key=${`${i}:${describeFilter(f)}`}>
        <button type="button" class="chip secondary" onClick=${() => remove(i)}>
          <span class="visually-hidden">Remove filter </span>${describeFilter(f)} <span aria-hidden="true">✕</span></button></li>`)}
    </ul>`}
  </div>`;
}
