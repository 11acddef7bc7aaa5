// The form's fields that are more than an input: components and zones,
// media, relations.

import { useRef, useState } from 'preact/hooks';
import { html } from 'htm/preact';
import { componentItem, editableFields, labelOf, moved, preview, searchFieldOf, takes } from './api.js';

// ComponentField is a component or dynamic-zone field: each item's inputs
// in a group of its own; a repeatable one's (and a zone's) items moved,
// removed and added (a zone's of the component chosen). A field the form
// cannot write whole is shown, and left as it is on save.
export function ComponentField({ field, items, disabled, error, onChange }) {
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
export function MediaPicker({ api, field, chosen, disabled, canUpload, canBrowse, error, onChange }) {
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
export function RelationPicker({ api, field, chosen, disabled, error, onChange }) {
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
