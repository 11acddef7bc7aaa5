// The analytics plugin's section under a program's, a customer's and a
// coach's form: its figures (GET /api/analytics/<type>s/:id) and charts.

import { chart } from './chart.js';

// figuresOf flattens an analytics answer into the figures a page lists:
// every number and rate by its path ("enrollments total", "events held"),
// rates as percents; lists and names are left out.
export function figuresOf(answer) {
  const out = [];
  const walk = (v, path) => {
    if (typeof v === 'number' && !['id', 'order'].includes(path[path.length - 1])) {
      const rate = /Rate$|^utilization$/.test(path[path.length - 1]);
      out.push({ label: path.join(' '), value: rate ? `${Math.round(v * 100)} %` : String(v) });
    } else if (v && typeof v === 'object' && !Array.isArray(v)) {
      for (const [k, x] of Object.entries(v)) walk(x, [...path, k]);
    }
  };
  walk(answer, []);
  return out;
}

// figureCharts are the charts under a program's, a customer's or a
// coach's figures (the analytics plugin's answer for it), each a title
// and its bars: enrolments by status, the progress histogram, events,
// hours by coach, completion by program, learners against capacity.
export function figureCharts(apiID, d) {
  const pct = (x) => `${Math.round((x || 0) * 100)} %`;
  const entries = (o) => Object.entries(o || {}).map(([label, value]) => ({ label, value }));
  const charts = [];
  if (apiID === 'program' || apiID === 'customer') {
    charts.push({ title: 'Enrolments by status', items: entries(d.enrollments && d.enrollments.byStatus) });
    charts.push({ title: 'Events', items: entries(d.events) });
  }
  if (apiID === 'program') {
    charts.push({ title: 'Learners by progress (%)', items: (d.progressHistogram || []).map((b) => ({ label: `${b.from}–${b.to}`, value: b.count })) });
    if ((d.coaches || []).length) charts.push({ title: 'Hours delivered by coach', items: d.coaches.map((c) => ({ label: c.name, value: c.hoursDelivered })) });
  }
  if (apiID === 'customer' && (d.programs || []).length) {
    charts.push({ title: 'Completion by program', items: d.programs.map((p) => ({ label: p.title, value: p.completionRate, shown: pct(p.completionRate) })) });
  }
  if (apiID === 'coach' && d.learners) {
    const { assigned = 0, capacity = 0 } = d.learners;
    charts.push({ title: 'Learners', items: [{ label: 'assigned', value: assigned }, { label: 'free', value: Math.max(capacity - assigned, 0) }] });
    charts.push({ title: 'Events', items: entries(d.events) });
  }
  return charts.filter((c) => c.items.length);
}

export default function Figures({ api, ui, type, documentId }) {
  const { html, useEffect, useState } = ui;
  const [figures, setFigures] = useState(null);
  const [error, setError] = useState('');
  useEffect(() => {
    api.request('GET', `/api/analytics/${type.schema.pluralName}/${encodeURIComponent(documentId)}`)
      .then(({ data }) => setFigures({ list: figuresOf(data), charts: figureCharts(type.apiID, data) }))
      .catch((err) => setError(err.message));
  }, [documentId]);
  if (error) return html`<p class="error">${error}</p>`;
  if (!figures) return null;
  return html`<dl class="figures">${figures.list.map((f) => html`<div><dt>${f.label}</dt><dd>${f.value}</dd></div>`)}</dl>
    <div class="charts">${figures.charts.map((c) => chart(html, c))}</div>`;
}
