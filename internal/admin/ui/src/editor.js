// An entry's form.

import { useEffect, useMemo, useState } from 'preact/hooks';
import { html } from 'htm/preact';
import { localized, nameOf } from './api.js';
import { copiedForm, fieldsOf, formErrors, fromForm, pathsOf, populateOf, toForm } from './form.js';
import { guardLeaving } from './route.js';
import { LocaleSwitch, defaultLocale } from './list.js';
import { FormFields } from './fields.js';
import { Drawn, sectionsOf } from './plugins.js';

// created is the entry a save has just made: its form, opened anew at the
// entry's own address, says it was saved.
let created = '';

// Editor is an entry's form (a collection's entry, or a single type's
// one): every field of the type, each as its kind is edited (fields.js),
// Save, Publish, Delete, and the server's refusals at the fields they
// name. Leaving with unsaved changes asks first. ctx is the schema and
// the caller's actions (form.js's fieldsOf).
export function Editor({ api, type, documentId, can, single = false, ctx, locales = [], initialLocale = '' }) {
  const i18n = localized(type) && locales.length > 0;
  const [locale, setLocale] = useState(i18n ? initialLocale || defaultLocale(locales) : '');
  const [missing, setMissing] = useState(false);
  const fields = useMemo(() => fieldsOf(type.schema.attributes, ctx), [type, ctx]);
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
  const [name, setName] = useState('');
  const fill = (data) => { setForm(toForm(fields, data)); setName(nameOf(type, data)); };
  useEffect(() => {
    // With draft & publish the form edits the draft; on a localized type,
    // the localization of the locale chosen (none yet: an empty form,
    // which Save makes it from). A single type without its entry yet is
    // an empty form too.
    setMissing(false);
    let latest = true; // a switch of locale drops the answer for the one before
    const populate = populateOf(fields);
    if (!single && !documentId) {
      fill(null);
      return undefined;
    }
    const read = single ? api.single(singular, drafts ? 'draft' : '', populate, locale).then((data) => ({ data }))
      : api.entry(plural, documentId, drafts ? 'draft' : '', populate, locale);
    read.then(({ data }) => {
      if (!latest) return;
      fill(data);
      if (single) {
        setExists(!!data);
        if (!data && i18n) setMissing(true);
      }
    }).catch((err) => {
      if (!latest) return;
      if (i18n && err.status === 404) {
        setMissing(true);
        fill(null);
        return;
      }
      setErrors({ byField: {}, other: [err.message] });
    });
    if (drafts && single) api.single(singular, 'published', [], locale).then((data) => latest && setIsPublished(!!data)).catch(() => {});
    else if (drafts) api.published(plural, [documentId], locale).then((set) => latest && setIsPublished(set.has(documentId))).catch(() => {});
    return () => { latest = false; };
  }, [locale]);
  useEffect(() => {
    if (!dirty) return undefined;
    const stay = (e) => { e.preventDefault(); e.returnValue = ''; };
    guardLeaving(() => window.confirm('Leave without saving your changes?'));
    window.addEventListener('beforeunload', stay);
    return () => { guardLeaving(null); window.removeEventListener('beforeunload', stay); };
  }, [dirty]);
  const change = (value) => { setForm(value); setDirty(true); setSaved(''); };
  // save writes the form: the draft only (Save, on a type with draft &
  // publish), or the entry as published (Publish, and Save elsewhere).
  const save = async (e, publish = !drafts) => {
    e.preventDefault();
    const { data, errors: bad } = fromForm(fields, form);
    if (Object.keys(bad).length) {
      setErrors({ byField: bad, other: [] });
      return;
    }
    const status = publish ? '' : 'draft';
    try {
      const populate = populateOf(fields);
      const answer = single ? await api.saveSingle(singular, data, status, locale, populate)
        : documentId ? await api.update(plural, documentId, data, status, locale, populate) : await api.create(plural, data, status, locale);
      setMissing(false);
      setExists(true);
      setErrors({ byField: {}, other: [] });
      setDirty(false);
      if (publish && drafts) setIsPublished(true);
      guardLeaving(null); // saved: nothing to lose by leaving, even before the next render
      if (documentId || single) {
        setSaved(publish && drafts ? 'Published.' : 'Saved.');
        // What the server now holds (the write's answer, populated as a
        // read is): new components' ids, so that a second save changes
        // their rows instead of making new ones.
        fill(answer.data);
      } else {
        created = answer.data.documentId;
        window.location.hash = `#/content/${type.apiID}/${created}${locale ? `?locale=${locale}` : ''}`;
      }
    } catch (err) {
      setErrors(formErrors(err, pathsOf(fields, form)));
    }
  };
  const remove = async () => {
    if (!window.confirm('Delete this entry?')) return;
    try {
      if (single) await api.removeSingle(singular, locale);
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
      setErrors(formErrors(err, pathsOf(fields, form)));
    }
  };
  // An entry's form is titled by its main field's value, as Strapi's is.
  return html`<h1>${single ? type.schema.displayName : documentId ? name || `Edit ${type.schema.displayName}` : `Create ${type.schema.displayName}`}</h1>
    ${!single && html`<p><a href=${`#/content/${type.apiID}`}>Back to the list</a></p>`}
    ${i18n && html`<${LocaleSwitch} id="entry-locale" locales=${locales} value=${locale} onChange=${(l) => {
      if (dirty && !window.confirm('Leave without saving your changes?')) return;
      setDirty(false);
      setLocale(l);
    }} />`}
    ${missing && html`<p class="muted" role="status">No ${(locales.find((l) => l.code === locale) || {}).name || locale} localization yet: Save makes it.</p>
      <${FillIn} locales=${locales.filter((l) => l.code !== locale)} onFill=${async (from) => {
        const populate = populateOf(fields);
        const data = single ? await api.single(singular, drafts ? 'draft' : '', populate, from)
          : (await api.entry(plural, documentId, drafts ? 'draft' : '', populate, from)).data;
        if (!data) throw new Error(`There is no ${(locales.find((l) => l.code === from) || {}).name || from} localization to fill in from.`);
        setForm(copiedForm(fields, data));
        setDirty(true);
        setSaved('');
      }} />`}
    ${drafts && exists && html`<p>Status: <strong>${isPublished ? 'Published' : 'Draft'}</strong></p>`}
    ${errors.other.map((m) => html`<p class="error" role="alert">${m}</p>`)}
    ${saved && html`<p class="saved" role="status">${saved}</p>`}
    ${form && html`<form onSubmit=${save} class="editor">
      <${FormFields} api=${api} fields=${fields} value=${form} disabled=${!writable} errors=${errors.byField} can=${can} onChange=${change}
        owner=${single ? null : { plural, documentId, locale }} />
      <div class="actions">
        ${writable && html`<button type="submit">Save</button>`}
        ${writable && drafts && html`<button type="button" onClick=${(e) => save(e, true)}>Publish</button>`}
        ${exists && can(`${type.apiID}.delete`) && html`<button type="button" class="danger" onClick=${remove}>Delete</button>`}
      </div>
    </form>`}
    ${exists && documentId && sectionsOf(ctx.sections, type, can).map((s) => html`<section key=${s.module} aria-label=${s.label} class="addition">
      <h2>${s.label}</h2><${Drawn} addition=${s} api=${api} can=${can} type=${type} documentId=${documentId} locale=${locale} /></section>`)}`;
}

// FillIn is "Fill in from another locale", as Strapi's: a new
// localization's form takes the values of the locale chosen (copiedForm),
// to be changed and saved.
function FillIn({ locales, onFill }) {
  const [from, setFrom] = useState(locales[0] ? locales[0].code : '');
  const [problem, setProblem] = useState('');
  if (!locales.length) return null;
  const fill = async () => {
    setProblem('');
    try {
      await onFill(from);
    } catch (err) {
      setProblem(err.status === 404 ? 'That locale has no localization to fill in from.' : err.message);
    }
  };
  return html`<div class="locale fill-in">
    <label for="fill-from">Fill in from another locale</label>
    <select id="fill-from" value=${from} onChange=${(e) => setFrom(e.target.value)}>
      ${locales.map((l) => html`<option value=${l.code}>${l.name}</option>`)}</select>
    <button type="button" class="secondary" onClick=${fill}>Fill in</button>
    ${problem && html`<p class="error" role="alert">${problem}</p>`}
  </div>`;
}
