// The media library.

import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from 'htm/preact';
import { fileKinds, preview, size } from './api.js';

// pageSize is how many files a page of the library shows.
const pageSize = 50;

// Media is the media library: the files newest first, a page at a time,
// a search and a kind of file to show, uploads
// by picking or dropping (several at once, each with its progress), the
// alternative text and caption edited, the formats shown, Delete.
export function Media({ api, can }) {
  const [files, setFiles] = useState(null);
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  const [kind, setKind] = useState('');
  const [start, setStart] = useState(0);
  const [uploads, setUploads] = useState([]);
  const [editing, setEditing] = useState(null);
  const [error, setError] = useState('');
  const asked = useRef(0);
  // Only the last request's answer is shown, whatever order they come in.
  const load = () => {
    const n = ++asked.current;
    return api.files({ search, kind, start, limit: pageSize }).then((f) => n === asked.current && setFiles(f)).catch((err) => setError(err.message));
  };
  useEffect(() => { load(); }, [search, kind, start]);
  const send = async (list) => {
    const items = [...list].map((f) => ({ name: f.name, progress: 0, error: '' }));
    setUploads(items);
    // "done" once the server has answered: the bytes are all sent (the
    // bar full) before the file is stored.
    await Promise.all([...list].map((f, i) => api.upload(f, (p) => {
      items[i] = { ...items[i], progress: p };
      setUploads([...items]);
    }).then(() => {
      items[i] = { ...items[i], progress: 1, done: true };
      setUploads([...items]);
    }).catch((err) => {
      items[i] = { ...items[i], error: err.message };
      setUploads([...items]);
    })));
    load();
  };
  const drop = (e) => {
    e.preventDefault();
    if (e.dataTransfer && e.dataTransfer.files.length) send(e.dataTransfer.files);
  };
  const save = async (e) => {
    e.preventDefault();
    try {
      await api.describeFile(editing.id, { name: editing.name, alternativeText: editing.alternativeText, caption: editing.caption });
      setEditing(null);
      load();
    } catch (err) {
      setError(err.message);
    }
  };
  const remove = async (f) => {
    if (!window.confirm(`Delete ${f.name}? Every media field that shows it loses it.`)) return;
    try {
      await api.deleteFile(f.id);
      load();
    } catch (err) {
      setError(err.message);
    }
  };
  return html`<h1>Media Library</h1>
    ${error && html`<p class="error" role="alert">${error}</p>`}
    <div class="tools">
      <form role="search" onSubmit=${(e) => { e.preventDefault(); setSearch(typed); setStart(0); }}>
        <label for="media-search">Search</label>
        <input id="media-search" type="search" value=${typed} onInput=${(e) => setTyped(e.target.value)} />
        <button type="submit" class="secondary">Search</button>
      </form>
      <div class="locale"><label for="media-kind">Type of file</label>
        <select id="media-kind" value=${kind} onChange=${(e) => { setKind(e.target.value); setStart(0); }}>
          <option value="">All</option>${fileKinds.map(([k, n]) => html`<option value=${k}>${n}</option>`)}</select></div>
      ${can('upload.upload') && html`<div class="dropzone" onDragOver=${(e) => e.preventDefault()} onDrop=${drop}>
        <label for="upload">Upload files</label>
        <input id="upload" type="file" multiple onChange=${(e) => send(e.target.files)} />
        <span>or drop them here</span>
      </div>`}
    </div>
    ${uploads.length > 0 && html`<ul class="uploads" aria-label="Uploads">${uploads.map((u) => html`<li>
      ${u.name} <progress max="1" value=${u.progress} aria-label=${`Upload of ${u.name}`}></progress>
      ${u.error ? html`<span class="field-error">${u.error}</span>` : u.done ? ' done' : ''}</li>`)}</ul>`}
    ${editing && html`<form class="editor" onSubmit=${save}>
      <h2>Edit ${editing.name}</h2>
      <div class="field"><label for="file-alt">Alternative text</label>
        <input id="file-alt" value=${editing.alternativeText || ''} onInput=${(e) => setEditing({ ...editing, alternativeText: e.target.value })} /></div>
      <div class="field"><label for="file-caption">Caption</label>
        <input id="file-caption" value=${editing.caption || ''} onInput=${(e) => setEditing({ ...editing, caption: e.target.value })} /></div>
      <div class="actions"><button type="submit">Save</button>
        <button type="button" class="secondary" onClick=${() => setEditing(null)}>Cancel</button></div>
    </form>`}
    ${files && html`<div class="table-wrap"><table>
      <caption>${start || files.length === pageSize ? `Files ${start + 1} to ${start + files.length}` : `${files.length} files`}</caption>
      <thead><tr><th scope="col">Preview</th><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Size</th>
        <th scope="col">Alternative text</th><th scope="col">Formats</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
      <tbody>${files.map((f) => html`<tr key=${f.id}>
        <td>${preview(f) ? html`<img src=${preview(f)} alt=${f.alternativeText || ''} width="64" height="48" class="thumb" />` : '—'}</td>
        <td>${f.name}</td><td>${f.mime}</td><td>${size(f.size)}</td><td>${f.alternativeText || ''}</td>
        <td>${f.formats ? Object.entries(f.formats).map(([k, v]) => `${k} ${v.width}×${v.height}`).join(', ') : '—'}</td>
        <td class="actions">
          ${can('upload.upload') && html`<button type="button" class="secondary" aria-label=${`Edit ${f.name}`} onClick=${() => setEditing(f)}>Edit</button>`}
          ${can('upload.destroy') && html`<button type="button" class="danger" aria-label=${`Delete ${f.name}`} onClick=${() => remove(f)}>Delete</button>`}
        </td></tr>`)}</tbody>
    </table></div>
    <div class="pager">
      <button type="button" class="secondary" disabled=${start === 0} onClick=${() => setStart(Math.max(start - pageSize, 0))}>Previous</button>
      <button type="button" class="secondary" disabled=${files.length < pageSize} onClick=${() => setStart(start + pageSize)}>Next</button>
    </div>`}`;
}
