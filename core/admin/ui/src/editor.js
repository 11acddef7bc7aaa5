// An entry's form.

import { useEffect, useState } from 'preact/hooks';
import { html } from 'htm/preact';
import {
  bodyOf, componentBody, componentFields, componentItem, editableFields, fieldErrors, figuresOf, labelOf, localized,
  mediaBody, mediaFields, relationBody, toInput,
} from './api.js';
import { guardLeaving } from './route.js';
import { LocaleSwitch, defaultLocale } from './list.js';
import { ComponentField, MediaPicker, RelationPicker } from './fields.js';
import { Figures } from './platform.js';

// created is the entry a save has just made: its form, opened anew at the
// entry's own address, says it was saved.
let created = '';

// Editor is an entry's form: an input per field kind the panel edits,
// each labelled with the field's name, Save, Delete, and the server's
// refusals at the fields they name. Leaving with unsaved changes asks
// first.
export function Editor({ api, type, documentId, can, single = false, relations = [], components = [], locales = [], initialLocale = '' }) {
  const i18n = !single && localized(type) && locales.length > 0;
  const [locale, setLocale] = useState(i18n ? initialLocale || defaultLocale(locales) : '');
  const [missing, setMissing] = useState(false);
  const fields = editableFields(type);
  const media = single ? [] : mediaFields(type);
  const parts = single ? [] : componentFields(type, components);
  const [held, setHeld] = useState({});
  const [rels, setRels] = useState({});
  const [files, setFiles] = useState({});
  const plural = type.schema.pluralName;
  const singular = type.schema.singularName;
  const [exists, setExists] = useState(!!documentId);
  const [form, setForm] = useState(null);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState({ byField: {}, other: [] });
  const [saved, setSaved] = useState(created && created === documentId ? 'Saved.' : '');
  const writable = can(`${type.apiID}.${documentId || single ? 'update' : 'create'}`);
  const drafts = type.schema.draftAndPublish;
  const [isPublished, setIsPublished] = useState(false);
  const fill = (data) => setForm(Object.fromEntries(fields.map((f) => [f.name, toInput(f, data ? data[f.name] : null)])));
  useEffect(() => {
    if (single) {
      // A single type's entry, or an empty form when it has none yet.
      api.single(singular, drafts ? 'draft' : '').then((data) => { setExists(!!data); fill(data); })
        .catch((err) => setErrors({ byField: {}, other: [err.message] }));
      if (drafts) api.single(singular, 'published').then((data) => setIsPublished(!!data)).catch(() => {});
      return;
    }
    if (!documentId) {
      fill(null);
      return;
    }
    // With draft & publish the form edits the draft; on a localized type,
    // the localization of the locale chosen (none yet: an empty form,
    // which Save makes it from).
    setMissing(false);
    let latest = true; // a switch of locale drops the answer for the one before
    api.entry(plural, documentId, drafts ? 'draft' : '', [...relations.map((r) => r.name), ...media.map((m) => m.name), ...parts.map((p) => p.name)], locale)
      .then(({ data }) => {
        if (!latest) return;
        fill(data);
        setHeld(Object.fromEntries(parts.map((p) => {
          const v = data[p.name];
          const list = Array.isArray(v) ? v : v ? [v] : [];
          return [p.name, list.map((x) => componentItem(p.allowed.find((c) => c.uid === x.__component) || p.allowed[0], x))];
        })));
        setFiles(Object.fromEntries(media.map((m) => {
          const v = data[m.name];
          return [m.name, Array.isArray(v) ? v : v ? [v] : []];
        })));
        setRels(Object.fromEntries(relations.map((r) => {
          const v = data[r.name];
          const list = Array.isArray(v) ? v : v ? [v] : [];
          return [r.name, list.map((e) => ({ documentId: e.documentId, label: labelOf(r.target, e) }))];
        })));
      })
      .catch((err) => {
        if (!latest) return;
        if (i18n && err.status === 404) {
          setMissing(true);
          fill(null);
          setRels({});
          setFiles({});
          setHeld({});
          return;
        }
        setErrors({ byField: {}, other: [err.message] });
      });
    if (drafts) api.published(plural, [documentId], locale).then((set) => latest && setIsPublished(set.has(documentId))).catch(() => {});
    return () => { latest = false; };
  }, [locale]);
  useEffect(() => {
    if (!dirty) return undefined;
    const stay = (e) => { e.preventDefault(); e.returnValue = ''; };
    guardLeaving(() => window.confirm('Leave without saving your changes?'));
    window.addEventListener('beforeunload', stay);
    return () => { guardLeaving(null); window.removeEventListener('beforeunload', stay); };
  }, [dirty]);
  const set = (name, value) => { setForm({ ...form, [name]: value }); setDirty(true); setSaved(''); };
  // save writes the form: the draft only (Save, on a type with draft &
  // publish), or the entry as published (Publish, and Save elsewhere).
  const save = async (e, publish = !drafts) => {
    e.preventDefault();
    const { data: scalars, errors: bad } = bodyOf(fields, form);
    const { data: comps, errors: badParts } = componentBody(parts, held);
    if (Object.keys(bad).length || Object.keys(badParts).length) {
      setErrors({ byField: { ...bad, ...badParts }, other: [] });
      return;
    }
    const data = { ...scalars, ...relationBody(relations, rels), ...mediaBody(media, files), ...comps };
    const status = publish ? '' : 'draft';
    try {
      const answer = single ? await api.saveSingle(singular, data, status)
        : documentId ? await api.update(plural, documentId, data, status, locale) : await api.create(plural, data, status, locale);
      setMissing(false);
      setExists(true);
      setErrors({ byField: {}, other: [] });
      setDirty(false);
      if (publish && drafts) setIsPublished(true);
      guardLeaving(null); // saved: nothing to lose by leaving, even before the next render
      if (documentId || single) setSaved(publish && drafts ? 'Published.' : 'Saved.');
      else {
        created = answer.data.documentId;
        window.location.hash = `#/content/${type.apiID}/${created}${locale ? `?locale=${locale}` : ''}`;
      }
    } catch (err) {
      setErrors(fieldErrors(err));
    }
  };
  const remove = async () => {
    if (!window.confirm('Delete this entry?')) return;
    try {
      if (single) await api.removeSingle(singular);
      else await api.remove(plural, documentId, locale);
      setDirty(false);
      guardLeaving(null);
      if (single) {
        setExists(false);
        setIsPublished(false);
        fill(null);
        setSaved('Deleted.');
        return;
      }
      window.location.hash = `#/content/${type.apiID}`;
    } catch (err) {
      setErrors(fieldErrors(err));
    }
  };
  const input = (f) => {
    const id = `field-${f.name}`;
    const err = errors.byField[f.name];
    const common = { id, name: f.name, disabled: !writable, 'aria-invalid': err ? 'true' : undefined,
      'aria-describedby': err ? `${id}-error` : undefined };
    let control;
    if (f.input === 'checkbox') {
      control = html`<input ...${common} type="checkbox" checked=${form[f.name]} onChange=${(e) => set(f.name, e.target.checked)} />`;
    } else if (f.input === 'select') {
      control = html`<select ...${common} value=${form[f.name]} onChange=${(e) => set(f.name, e.target.value)}>
        <option value="">—</option>${f.options.map((o) => html`<option value=${o}>${o}</option>`)}</select>`;
    } else if (f.input === 'textarea' || f.input === 'json') {
      control = html`<textarea ...${common} rows=${f.input === 'json' ? 6 : 4} value=${form[f.name]} onInput=${(e) => set(f.name, e.target.value)} />`;
    } else {
      const step = f.type === 'decimal' || f.type === 'float' ? 'any' : f.type === 'time' ? '1' : undefined;
      control = html`<input ...${common} type=${f.input} step=${step} value=${form[f.name]}
        autocomplete=${f.input === 'password' ? 'new-password' : 'off'} onInput=${(e) => set(f.name, e.target.value)} />`;
    }
    return html`<div class="field">
      <label for=${id}>${f.name}${f.required ? ' *' : ''}</label>${control}
      ${err && html`<p class="field-error" id=${`${id}-error`}>${err}</p>`}
    </div>`;
  };
  return html`<h1>${single ? type.schema.displayName : documentId ? `Edit ${type.schema.displayName}` : `Create ${type.schema.displayName}`}</h1>
    ${!single && html`<p><a href=${`#/content/${type.apiID}`}>Back to the list</a></p>`}
    ${i18n && html`<${LocaleSwitch} id="entry-locale" locales=${locales} value=${locale} onChange=${(l) => {
      if (dirty && !window.confirm('Leave without saving your changes?')) return;
      setDirty(false);
      setLocale(l);
    }} />`}
    ${missing && html`<p class="muted" role="status">No ${(locales.find((l) => l.code === locale) || {}).name || locale} localization yet: Save makes it.</p>`}
    ${drafts && exists && html`<p>Status: <strong>${isPublished ? 'Published' : 'Draft'}</strong></p>`}
    ${errors.other.map((m) => html`<p class="error" role="alert">${m}</p>`)}
    ${saved && html`<p class="saved" role="status">${saved}</p>`}
    ${form && html`<form onSubmit=${save} class="editor">
      ${fields.map(input)}
      ${parts.map((p) => html`<${ComponentField} key=${p.name} field=${p} items=${held[p.name] || []} disabled=${!writable}
        error=${errors.byField[p.name]} onChange=${(list) => { setHeld((cur) => ({ ...cur, [p.name]: list })); setDirty(true); setSaved(''); }} />`)}
      ${media.map((m) => html`<${MediaPicker} key=${m.name} api=${api} field=${m} chosen=${files[m.name] || []}
        disabled=${!writable} canUpload=${can('upload.upload')} canBrowse=${can('upload.find')} error=${errors.byField[m.name]}
        onChange=${(list) => { setFiles((cur) => ({ ...cur, [m.name]: list })); setDirty(true); setSaved(''); }} />`)}
      ${relations.map((r) => html`<${RelationPicker} key=${r.name} api=${api} field=${r} chosen=${rels[r.name] || []}
        disabled=${!writable} error=${errors.byField[r.name]}
        onChange=${(list) => { setRels((cur) => ({ ...cur, [r.name]: list })); setDirty(true); setSaved(''); }} />`)}
      <div class="actions">
        ${writable && html`<button type="submit">Save</button>`}
        ${writable && drafts && html`<button type="button" onClick=${(e) => save(e, true)}>Publish</button>`}
        ${exists && can(`${type.apiID}.delete`) && html`<button type="button" class="danger" onClick=${remove}>Delete</button>`}
      </div>
    </form>`}
    ${!single && html`<${Figures} api=${api} type=${type} documentId=${documentId} can=${can} />`}`;
}
