// An entry's form as data: which field of a type (or of a component,
// however deep) the form edits and how, what it reads to fill itself
// (populate), the values it holds, and the body a save sends. Nothing
// here touches the DOM; form.test.js checks it alone.

import { fromInput, inputOf, labelOf, placeErrors, toInput } from './api.js';
import { blocksProblem, fromBlocks, toBlocks } from './blocks.js';

// fieldsOf are the form's fields for a type's (or a component's)
// attributes, in their order, each of a kind:
//   input      a scalar, edited in one input (writeOnly: a password or a
//              private field, never read back, sent only when typed)
//   relation   its target's entries searched and picked (many: a list)
//   media      files picked from the library or uploaded
//   component  a component or a dynamic zone, each item's own fields
//   blocks     Strapi 5 blocks (blocks.js)
//   fixed      what the form cannot edit (a relation to a type the
//              caller may not list): shown, left out of a save, so kept
// ctx holds the schema (types, components) and the caller's actions.
export function fieldsOf(attributes, ctx) {
  const allowed = new Set(ctx.actions || []);
  const byUid = new Map((ctx.components || []).map((c) => [c.uid, c]));
  const out = [];
  for (const [name, a] of Object.entries(attributes || {})) {
    const input = inputOf(a.type);
    if (input) {
      out.push({ name, kind: 'input', type: a.type, input, required: !!a.required, options: a.enum || [],
        writeOnly: a.type === 'password' || !!a.private, targetField: a.type === 'uid' ? a.targetField || '' : '' });
    } else if (a.type === 'relation') {
      const target = (ctx.types || []).find((t) => t.uid === a.target);
      const many = /ToMany$/.test(a.relation || '');
      if (target && !a.private && allowed.has(`${target.apiID}.find`)) out.push({ name, kind: 'relation', target, many });
      else if (!a.private) out.push({ name, kind: 'fixed', why: `a relation to ${target ? target.schema.displayName : a.target}, which you may not list` });
    } else if (a.type === 'media') {
      out.push({ name, kind: 'media', many: !!a.multiple, allowedTypes: a.allowedTypes || null });
    } else if (a.type === 'component' || a.type === 'dynamiczone') {
      const zone = a.type === 'dynamiczone';
      const comps = (zone ? a.components || [] : [a.component]).map((u) => byUid.get(u)).filter(Boolean);
      out.push({
        name, kind: 'component', zone, repeatable: zone || !!a.repeatable, required: !!a.required,
        allowed: comps.map((c) => ({ uid: c.uid, displayName: c.schema.displayName, fields: fieldsOf(c.schema.attributes, ctx) })),
      });
    } else if (a.type === 'blocks') {
      out.push({ name, kind: 'blocks', required: !!a.required });
    } else if (!a.private) {
      out.push({ name, kind: 'fixed', why: `a ${a.type} field, which the panel does not edit` });
    }
  }
  return out;
}

// populateOf is what a read asks for to fill the form: every relation,
// media and component field, components' own as deep as they go, a
// zone's per component with Strapi 5's "on". Query-string parts, their
// brackets left readable: the names in them are a schema's, which need
// no escaping.
export function populateOf(fields, prefix = 'populate') {
  const parts = [];
  for (const f of fields) {
    const at = `${prefix}[${f.name}]`;
    if (f.kind === 'relation' || f.kind === 'media') parts.push(`${at}=true`);
    else if (f.kind === 'component' && !f.zone) {
      const inner = f.allowed[0] ? populateOf(f.allowed[0].fields, `${at}[populate]`) : [];
      parts.push(...(inner.length ? inner : [`${at}=true`]));
    } else if (f.kind === 'component') {
      for (const c of f.allowed) {
        const on = `${at}[on][${c.uid}]`;
        const inner = populateOf(c.fields, `${on}[populate]`);
        parts.push(...(inner.length ? inner : [`${on}=true`]));
      }
    }
  }
  return parts;
}

// toForm is a stored entry (or component) as the form holds it: an
// input's text, a relation's picked entries, a field's files, a
// component's items (each keeping its id, so that a save changes its row
// rather than making a new one), a blocks field's blocks.
export function toForm(fields, stored) {
  const form = {};
  for (const f of fields) {
    const v = stored ? stored[f.name] : null;
    const list = Array.isArray(v) ? v : v ? [v] : [];
    switch (f.kind) {
      case 'input': form[f.name] = f.writeOnly ? '' : toInput(f, v); break;
      case 'relation': form[f.name] = list.map((e) => ({ documentId: e.documentId, label: labelOf(f.target, e) })); break;
      case 'media': form[f.name] = list; break;
      case 'component': form[f.name] = list.map((x) => itemOf(f, x.__component, x)); break;
      case 'blocks': form[f.name] = { items: toBlocks(v), changed: false }; break;
      default: break;
    }
  }
  return form;
}

// copiedForm is another localization of an entry as a new one's form
// ("Fill in from another locale"): every value as it is there, but its
// components' items new (no id: their rows are that locale's), however
// deep they go.
export function copiedForm(fields, stored) {
  const form = toForm(fields, stored);
  const renew = (fs, value) => {
    for (const f of fs) {
      if (f.kind !== 'component') continue;
      value[f.name] = (value[f.name] || []).map((item) => {
        const copy = { ...item, id: undefined };
        const comp = componentOf(f, item.__component);
        renew(comp ? comp.fields : [], copy);
        return copy;
      });
    }
    return value;
  };
  return renew(fields, form);
}

// itemOf is a component's item as the form holds it: new (stored null)
// or read.
export function itemOf(field, uid, stored) {
  const comp = componentOf(field, uid);
  return { id: stored ? stored.id : undefined, __component: comp ? comp.uid : uid, ...toForm(comp ? comp.fields : [], stored) };
}

// componentOf is the component an item of a field is of.
export function componentOf(field, uid) {
  return field.allowed.find((c) => c.uid === uid) || field.allowed[0];
}

// fromForm is what a save sends for what the form holds, and the
// problems that stop it, by the path of the field they are at
// ("opening_hours.1.day"). A field the form leaves out is kept by the
// server as it is: a fixed one, a blocks field not changed, a password
// not typed.
export function fromForm(fields, form, path = []) {
  const data = {};
  const errors = {};
  for (const f of fields) {
    const at = [...path, f.name].join('.');
    const v = form[f.name];
    switch (f.kind) {
      case 'input': {
        if (f.writeOnly && !v) break;
        const { value, error } = fromInput(f, v);
        if (error) errors[at] = error;
        else if (value !== undefined) data[f.name] = value;
        break;
      }
      case 'relation':
        data[f.name] = f.many ? { set: (v || []).map((e) => e.documentId) } : (v && v[0] ? v[0].documentId : null);
        break;
      case 'media': {
        const ids = (v || []).map((x) => x.id);
        data[f.name] = f.many ? ids : (ids[0] ?? null);
        break;
      }
      case 'component': {
        const items = (v || []).map((item, i) => {
          const comp = componentOf(f, item.__component);
          const inner = fromForm(comp ? comp.fields : [], item, [...path, f.name, ...(f.repeatable ? [String(i)] : [])]);
          Object.assign(errors, inner.errors);
          const out = { ...inner.data };
          if (item.id !== undefined) out.id = item.id;
          if (f.zone) out.__component = item.__component;
          return out;
        });
        data[f.name] = f.repeatable ? items : (items[0] || null);
        break;
      }
      case 'blocks': {
        if (!v || !v.changed) break;
        const problem = blocksProblem(f.name, v.items);
        if (problem) errors[at] = problem;
        else data[f.name] = v.items.length ? fromBlocks(v.items) : null;
        break;
      }
      default: break;
    }
  }
  return { data, errors };
}

// pathsOf are the paths the form shows a message at: every field's,
// each component item's fields' within.
export function pathsOf(fields, form, path = []) {
  const out = [];
  for (const f of fields) {
    const at = [...path, f.name];
    out.push(at.join('.'));
    if (f.kind !== 'component') continue;
    (form[f.name] || []).forEach((item, i) => {
      const comp = componentOf(f, item.__component);
      out.push(...pathsOf(comp ? comp.fields : [], item, [...at, ...(f.repeatable ? [String(i)] : [])]));
    });
  }
  return out;
}

// formErrors places a refusal's messages (Strapi's details.errors) at
// the deepest path the form shows of the one each names
// (["opening_hours", "1", "day"] at that input; a path into what the
// form does not show at the field holding it); the rest go above the
// form.
export function formErrors(err, paths) {
  const shown = new Set(paths);
  return placeErrors(err, (path) => {
    for (let n = path.length; n > 0; n--) if (shown.has(path.slice(0, n).join('.'))) return path.slice(0, n).join('.');
    return '';
  });
}

// slugOf is the uid the server derives from a target field's text when a
// create leaves the uid empty (docs/field-kinds.md): ASCII letters and
// digits lower-cased, accents dropped, each run of anything else one "-",
// none at either end, at most 200 characters. The form shows it as the
// uid's placeholder; the server adds -1, -2... when another entry has it.
export function slugOf(text) {
  return String(text || '').normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
    .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 200).replace(/-+$/, '');
}
