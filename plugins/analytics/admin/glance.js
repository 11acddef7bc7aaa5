// The analytics plugin's card on the panel's home: three of the
// dashboard's figures (GET /api/analytics/dashboard) and a link to it.

import { percent } from './chart.js';

export default function Glance({ api, ui }) {
  const { html, useEffect, useState } = ui;
  const [d, setD] = useState(null);
  const [error, setError] = useState('');
  useEffect(() => {
    api.request('GET', '/api/analytics/dashboard').then(({ data }) => setD(data)).catch((err) => setError(err.message));
  }, []);
  if (error) return html`<p class="error">${error}</p>`;
  if (!d) return null;
  return html`<dl class="figures">
      <div><dt>Programs</dt><dd>${d.programs.total}</dd></div>
      <div><dt>Active learners</dt><dd>${d.learners.active} of ${d.learners.total}</dd></div>
      <div><dt>Completion rate</dt><dd>${percent(d.enrollments.completionRate)}</dd></div>
    </dl>
    <p><a href="#/plugins/analytics/dashboard">The whole dashboard</a></p>`;
}
