// The form's fields, by kind, however deep components go: inputs,
// components and zones, media, relations and blocks.

import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from 'htm/preact';
import { labelOf, moved, preview, searchFieldOf, takes } from './api.js';
import { componentOf, itemOf, slugOf } from './form.js';
import { blockKinds } from './blocks.js';
import { MarkdownInput } from './markdown.js';

// idOf is the id of a field's control from its path in the form: the
// top's "field-title", a component's "field-opening_hours-1-day".
const idOf = (path) => `field-${path.join('-')}`;

// FormFields are a form's (or a component item's) fields, each as its
// kind is edited; value holds them (form.js's toForm) and onChange gets
// the whole value back with one field changed. errors are by path.
export function FormFields({ api, fields, value, onChange, path = [], disabled, errors, can, owner }) {
  const set = (name, v) => onChange({ ...value, [name]: v });
  return fields.map((f) => {
    const at = [...path, f.name];
    const error = errors[at.join('.')];
    const common = { key: f.name, api, field: f, path: at, disabled, error, can, onChange: (v) => set(f.name, v) };
    switch (f.kind) {
      case 'input': return f.type === 'uid' && !path.length && owner
        ? html`<${UidInput} ...${common} value=${value[f.name]} derived=${f.targetField ? slugOf(value[f.targetField]) : ''} owner=${owner} />`
        : html`<${Input} ...${common} value=${value[f.name]} derived=${f.targetField ? slugOf(value[f.targetField]) : ''} />`;
      case 'relation': return html`<${RelationPicker} ...${common} chosen=${value[f.name] || []} />`;
      case 'media': return html`<${MediaPicker} ...${common} chosen=${value[f.name] || []}
        canUpload=${can('upload.upload')} canBrowse=${can('upload.find')} />`;
      case 'component': return html`<${ComponentField} ...${common} items=${value[f.name] || []} errors=${errors} />`;
      case 'blocks': return html`<${BlocksField} ...${common} value=${value[f.name] || { items: [], changed: false }}
        canBrowse=${can('upload.find')} />`;
      default: return html`<p class="muted field" key=${f.name}><strong>${f.name}</strong>: ${f.why}; a save leaves it as it is.</p>`;
    }
  });
}

// Input is a scalar field's one input, labelled with the field's name.
// A uid left empty shows what the server derives from its target field.
function Input({ field: f, path, value, derived, disabled, error, onChange }) {
  const id = idOf(path);
  const common = { id, name: path.join('.'), disabled, 'aria-invalid': error ? 'true' : undefined,
    'aria-describedby': error ? `${id}-error` : undefined };
  let control;
  if (f.input === 'checkbox') {
    control = html`<input ...${common} type="checkbox" checked=${value} onChange=${(e) => onChange(e.target.checked)} />`;
  } else if (f.input === 'select') {
    control = html`<select ...${common} value=${value} onChange=${(e) => onChange(e.target.value)}>
      <option value="">—</option>${f.options.map((o) => html`<option value=${o}>${o}</option>`)}</select>`;
  } else if (f.input === 'markdown') {
    control = html`<${MarkdownInput} common=${common} value=${value} label=${f.name} onChange=${onChange} />`;
  } else if (f.input === 'textarea' || f.input === 'json') {
    control = html`<textarea ...${common} rows=${f.input === 'json' ? 6 : 4} value=${value} onInput=${(e) => onChange(e.target.value)} />`;
  } else {
    const step = f.type === 'decimal' || f.type === 'float' ? 'any' : f.type === 'time' ? '1' : undefined;
    control = html`<input ...${common} type=${f.writeOnly ? 'password' : f.input} step=${step} value=${value}
      placeholder=${f.writeOnly && f.input !== 'password' ? 'Not shown: what you type replaces it' : derived || undefined}
      autocomplete=${f.writeOnly ? 'new-password' : 'off'} onInput=${(e) => onChange(e.target.value)} />`;
  }
  return html`<div class="field">
    <label for=${id}>${f.name}${f.required ? ' *' : ''}</label>${control}
    ${error && html`<p class="field-error" id=${`${id}-error`}>${error}</p>`}
  </div>`;
}

// UidInput is a type's uid field: its input, "Regenerate" (the slug of
// its target field, as the server derives it), and whether the value is
// free, asked of the API as the value changes (another entry of the type
// in this locale holding it: taken).
function UidInput(props) {
  const { api, field: f, value, derived, disabled, owner, onChange } = props;
  const [state, setState] = useState('');
  useEffect(() => {
    const v = String(value || '').trim();
    if (!v) { setState(''); return undefined; }
    let latest = true;
    const timer = setTimeout(() => {
      setState('checking');
      api.uidTaken(owner.plural, f.name, v, owner.documentId, owner.locale)
        .then((taken) => latest && setState(taken ? 'taken' : 'free')).catch(() => latest && setState(''));
    }, 250);
    return () => { latest = false; clearTimeout(timer); };
  }, [value, owner.locale]);
  const id = `${idOf(props.path)}-availability`;
  return html`<div class="uid">
    <${Input} ...${props} />
    <div class="uid-tools">
      ${f.targetField && !disabled && html`<button type="button" class="secondary" aria-label=${`Regenerate ${f.name} from ${f.targetField}`}
        disabled=${!derived} onClick=${() => onChange(derived)}>Regenerate</button>`}
      <span id=${id} role="status" class=${state === 'taken' ? 'field-error' : 'muted'}>${state === 'checking' ? 'Checking…'
        : state === 'free' ? `${value} is available` : state === 'taken' ? `${value} is already used by another entry` : ''}</span>
    </div>
  </div>`;
}

// ComponentField is a component or dynamic-zone field: each item's own
// fields in a group of its own ("opening_hours 2"); a repeatable one's
// (and a zone's) items moved, removed and added (a zone's of the
// component chosen).
function ComponentField({ api, field, path, items, disabled, error, errors, can, onChange }) {
  const [kind, setKind] = useState(field.allowed[0] ? field.allowed[0].uid : '');
  const id = idOf(path);
  const name = path[path.length - 1];
  const add = () => {
    const item = itemOf(field, kind, null);
    onChange(field.repeatable ? [...items, item] : [item]);
  };
  return html`<fieldset class="field relation" aria-describedby=${error ? `${id}-error` : undefined}>
    <legend>${name}</legend>
    ${items.length === 0 && html`<p class="muted">None</p>`}
    ${items.map((it, i) => {
      const comp = componentOf(field, it.__component);
      const label = `${name} ${i + 1}${field.zone ? ` (${comp ? comp.displayName : it.__component})` : ''}`;
      const inner = field.repeatable ? [...path, String(i)] : path;
      return html`<fieldset class="part" key=${it.id === undefined ? `new-${i}` : it.id}><legend>${label}</legend>
        <${FormFields} api=${api} fields=${comp ? comp.fields : []} value=${it} path=${inner} disabled=${disabled} errors=${errors} can=${can}
          onChange=${(v) => onChange(items.map((x, j) => (j === i ? v : x)))} />
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
          ${field.allowed.map((c) => html`<option value=${c.uid}>${c.displayName}</option>`)}</select>`}
      <button type="button" class="secondary" onClick=${add}>${field.repeatable ? `Add to ${name}` : `Add ${name}`}</button>
    </div>`}
    ${error && html`<p class="field-error" id=${`${id}-error`}>${error}</p>`}
  </fieldset>`;
}

// blocksHelp says how a block's text is written (blocks.js).
const blocksHelp = 'Marks: **bold**, _italic_, <u>underline</u>, ~~strikethrough~~, `code`, [a link](https://…); '
  + 'a backslash keeps a mark\'s character as it is. A list\'s lines are its items ("- " or "1. "), two spaces more per level; '
  + 'a backslash at a line\'s end goes on with the same item on the next line.';

// BlocksField is a Strapi 5 blocks field: its blocks in order, each a
// kind and a text with Markdown's inline marks (blocks.js), moved,
// removed and added; an image block's file picked from the library.
function BlocksField({ api, field, path, value, disabled, error, canBrowse, onChange }) {
  const [images, setImages] = useState(null); // the block picking an image, and the library's images
  const id = idOf(path);
  const name = path[path.length - 1];
  const items = value.items;
  const change = (list) => onChange({ items: list, changed: true });
  const setItem = (i, patch) => change(items.map((b, j) => (j === i ? { ...b, ...patch } : b)));
  const browse = async (i) => {
    const list = await api.files({ limit: 50 });
    setImages({ block: i, list: list.filter((f) => f.mime && f.mime.startsWith('image/')) });
  };
  return html`<fieldset class="field relation" aria-describedby=${`${id}-help${error ? ` ${id}-error` : ''}`}>
    <legend>${name}</legend>
    <p class="muted" id=${`${id}-help`}>${blocksHelp}</p>
    ${items.length === 0 && html`<p class="muted">No block</p>`}
    ${items.map((b, i) => {
      const label = `${name} block ${i + 1}`;
      const bid = `${id}-${i}`;
      return html`<fieldset class="part" key=${i}><legend>${label}</legend>
        ${b.kind === 'other' ? html`<p class="muted">A ${b.node && b.node.type} block, which the panel does not edit; kept as it is.</p>` : html`
        <div class="field"><label for=${`${bid}-kind`}>Kind</label>
          <select id=${`${bid}-kind`} disabled=${disabled} value=${b.kind} onChange=${(e) => setItem(i, { kind: e.target.value })}>
            ${blockKinds.map(([k, n]) => html`<option value=${k}>${n}</option>`)}</select></div>
        ${b.kind === 'image' ? html`<div class="field">
            ${b.image ? html`<p>${preview(b.image) && html`<img src=${preview(b.image)} alt="" width="48" height="36" class="thumb" />`} ${b.image.name}</p>`
              : html`<p class="muted">No image chosen</p>`}
            ${!disabled && canBrowse && html`<button type="button" class="secondary" onClick=${() => browse(i)}>Choose an image for ${label}</button>`}
            ${images && images.block === i && html`<ul class="picker" aria-label=${`Images to pick for ${label}`}>
              ${images.list.length === 0 ? html`<li>No image in the library</li>` : images.list.map((f) => html`<li key=${f.id}>
                <button type="button" class="secondary" aria-label=${`Pick ${f.name}`}
                  onClick=${() => { setItem(i, { image: f }); setImages(null); }}>${f.name}</button></li>`)}</ul>`}
          </div>` : html`<div class="field"><label for=${`${bid}-text`}>Text</label>
            <textarea id=${`${bid}-text`} disabled=${disabled} rows=${b.kind === 'code' || b.kind === 'list' ? 5 : 3}
              class=${b.kind === 'code' ? 'code' : undefined} value=${b.text} onInput=${(e) => setItem(i, { text: e.target.value })} /></div>
          ${b.kind === 'code' && html`<div class="field"><label for=${`${bid}-language`}>Language</label>
            <input id=${`${bid}-language`} disabled=${disabled} value=${b.language || ''} onInput=${(e) => setItem(i, { language: e.target.value })} /></div>`}`}`}
        ${!disabled && html`<div class="actions">
          <button type="button" class="secondary" aria-label=${`Move ${label} up`} disabled=${i === 0} onClick=${() => change(moved(items, i, -1))}>↑</button>
          <button type="button" class="secondary" aria-label=${`Move ${label} down`} disabled=${i === items.length - 1}
            onClick=${() => change(moved(items, i, 1))}>↓</button>
          <button type="button" class="secondary" aria-label=${`Remove ${label}`} onClick=${() => change(items.filter((_, j) => j !== i))}>Remove</button>
        </div>`}
      </fieldset>`;
    })}
    ${!disabled && html`<div class="picker"><button type="button" class="secondary"
      onClick=${() => change([...items, { kind: 'paragraph', text: '' }])}>Add a block to ${name}</button></div>`}
    ${error && html`<p class="field-error" id=${`${id}-error`}>${error}</p>`}
  </fieldset>`;
}

// MediaPicker is a media field: its files (a multiple one's in order,
// moved up and down), each removable, and the two ways to add one: pick
// it from the library (only files the field takes are offered) or upload
// it here.
function MediaPicker({ api, field, path, chosen, disabled, canUpload, canBrowse, error, onChange }) {
  const [library, setLibrary] = useState(null);
  const [busy, setBusy] = useState('');
  const [problem, setProblem] = useState('');
  const id = `media-${path.join('-')}`;
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
export function RelationPicker({ api, field, path, chosen, disabled, error, onChange }) {
  const [text, setText] = useState('');
  const [found, setFound] = useState(null);
  const id = `rel-${path.join('-')}`;
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
