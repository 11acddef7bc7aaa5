// The reviews plugin's page in Kiln's admin panel: pick a book, read its
// rating from the plugin's route. The panel imports this module and draws
// its default export with its client (api), the caller's actions (can)
// and its toolkit (ui: htm's html, Preact's hooks): plain JavaScript, no
// build step.

export default function Ratings({ api, ui }) {
  const { html, useEffect, useState } = ui;
  const [books, setBooks] = useState([]);
  const [book, setBook] = useState('');
  const [rating, setRating] = useState(null);
  const [error, setError] = useState('');
  useEffect(() => {
    api.request('GET', '/api/books?pagination[pageSize]=100&sort=title:asc&fields[0]=title')
      .then(({ data }) => { setBooks(data); if (data[0]) setBook(data[0].documentId); })
      .catch((err) => setError(err.message));
  }, []);
  useEffect(() => {
    if (!book) return;
    setRating(null);
    api.request('GET', `/api/books/${encodeURIComponent(book)}/rating`)
      .then(({ data }) => setRating(data)).catch((err) => setError(err.message));
  }, [book]);
  return html`<h1>Ratings</h1>
    ${error && html`<p class="error" role="alert">${error}</p>`}
    ${books.length === 0 ? html`<p class="muted">No book yet.</p>` : html`<div class="locale"><label for="book">Book</label>
      <select id="book" value=${book} onChange=${(e) => setBook(e.target.value)}>
        ${books.map((b) => html`<option value=${b.documentId}>${b.title}</option>`)}</select></div>`}
    ${rating && html`<dl class="figures">
      <div><dt>Reviews</dt><dd>${rating.reviews}</dd></div>
      <div><dt>Average</dt><dd>${rating.reviews ? rating.average.toFixed(1) : '—'}</dd></div>
    </dl>`}`;
}
