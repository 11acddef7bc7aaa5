// The platform's own pages: a coach's week, the dashboard.

import { useEffect, useState } from 'preact/hooks';
import { html } from 'htm/preact';
import { bars, byDay, figureCharts, figuresOf, lastMonths, monthFilter, weekOf } from './api.js';
import { RelationPicker } from './fields.js';

// CoachWeek is a coach's week as a calendar — their events and their free
// slots (GET /api/coaches/:id/availability), day by day — and their
// learners, assigned and unassigned within their capacity (the server
// refuses past it, and the panel says why).
export function CoachWeek({ api, can }) {
  const [coaches, setCoaches] = useState(null);
  const [coach, setCoach] = useState('');
  const [week, setWeek] = useState(null);
  const [learners, setLearners] = useState([]);
  const [error, setError] = useState('');
  const w = weekOf(new Date());
  useEffect(() => {
    api.list('coaches', { pageSize: 100, sort: 'name:asc' }).then(({ data }) => {
      setCoaches(data);
      if (data[0]) setCoach(String(data[0].id));
    }).catch((err) => setError(err.message));
  }, []);
  const loadLearners = () => can('coaching.learners') && api.coachLearners(coach).then(({ data }) => setLearners(data)).catch((err) => setError(err.message));
  useEffect(() => {
    if (!coach) return;
    setError('');
    Promise.all([api.coachEvents(coach, w.from, w.to), api.availability(coach, w.from, w.to)])
      .then(([ev, av]) => setWeek({ events: byDay(ev.data, (e) => e.startAt), free: byDay(av.data, (f) => f.start), timezone: av.meta.timezone }))
      .catch((err) => setError(err.message));
    loadLearners();
  }, [coach]);
  const hm = (iso) => iso.slice(11, 16);
  const assign = async (learner) => {
    setError('');
    try {
      await api.assign(coach, [learner.documentId]);
      loadLearners();
    } catch (err) {
      setError(err.message);
    }
  };
  const unassign = async (learner) => {
    try {
      await api.unassign(coach, learner.documentId);
      loadLearners();
    } catch (err) {
      setError(err.message);
    }
  };
  const current = coaches && coaches.find((c) => String(c.id) === coach);
  return html`<h1>Coach's week</h1>
    ${error && html`<p class="error" role="alert">${error}</p>`}
    ${coaches && html`<div class="locale"><label for="coach">Coach</label>
      <select id="coach" value=${coach} onChange=${(e) => setCoach(e.target.value)}>
        ${coaches.map((c) => html`<option value=${String(c.id)}>${c.name}</option>`)}</select></div>`}
    ${week && html`<p class="muted">Week of ${w.days[0].date} (times in UTC; the coach's time zone is ${week.timezone}).</p>
      <div class="week">${w.days.map((d) => html`<section aria-label=${`${d.name} ${d.date}`} class="day">
        <h2>${d.name} <span class="muted">${d.date.slice(5)}</span></h2>
        <ul>${(week.events[d.date] || []).map((e) => html`<li class="event">${hm(e.startAt)}–${hm(e.endAt)} ${e.title}</li>`)}
          ${(week.free[d.date] || []).map((f) => html`<li class="free">Free ${hm(f.start)}–${hm(f.end)}</li>`)}</ul>
      </section>`)}</div>`}
    ${current && can('coaching.learners') && html`<section aria-label="Learners">
      <h2>Learners of ${current.name}${current.maxLearners ? ` (${learners.length} of ${current.maxLearners})` : ''}</h2>
      <ul>${learners.map((l) => html`<li key=${l.documentId}>${l.name || l.documentId}
        ${can('coaching.unassign') && html`<button type="button" class="secondary" aria-label=${`Unassign ${l.name}`} onClick=${() => unassign(l)}>Unassign</button>`}</li>`)}</ul>
      ${can('coaching.assign') && html`<${RelationPicker} api=${api} path=${['learners']} field=${{ name: 'learners', many: true, target: { apiID: 'learner', schema: { pluralName: 'learners', attributes: { name: { type: 'string' } } } } }}
        chosen=${[]} disabled=${false}
        onChange=${(list) => { const added = list.find((x) => !learners.some((l) => l.documentId === x.documentId)); if (added) assign(added); }} />`}
    </section>`}`;
}

// short is a bar's label as drawn under it; the chart's name says it whole.
const short = (label) => (String(label).length > 12 ? `${String(label).slice(0, 11)}…` : label);

// Chart is a bar chart drawn in SVG: a bar and its label per value. Its
// accessible name says every value, for those who cannot see it.
function Chart({ title, items }) {
  const w = 320;
  const h = 120;
  const laid = bars(items.map((i) => i.value), w, h);
  const said = `${title}: ${items.map((i) => `${i.label} ${i.shown ?? i.value}`).join(', ')}`;
  return html`<figure class="chart">
    <figcaption>${title}</figcaption>
    <svg viewBox=${`0 -16 ${w} ${h + 36}`} role="img" aria-label=${said}>
      ${laid.map((b, i) => html`<g>
        <rect x=${b.x} y=${b.y} width=${b.width} height=${b.height} class="bar" />
        <text x=${b.x + b.width / 2} y=${b.y - 4} text-anchor="middle">${items[i].shown ?? items[i].value}</text>
        <text x=${b.x + b.width / 2} y=${h + 14} text-anchor="middle">${short(items[i].label)}</text>
      </g>`)}
    </svg>
  </figure>`;
}

// Dashboard is the platform's figures (GET /api/analytics/dashboard),
// drawn, and enrolments and completions by month (counted through the
// enrollments' own route, a month at a time).
export function Dashboard({ api, can }) {
  const [d, setD] = useState(null);
  const [months, setMonths] = useState(null);
  const [error, setError] = useState('');
  useEffect(() => {
    api.dashboard().then(({ data }) => setD(data)).catch((err) => setError(err.message));
    if (can('enrollment.find')) {
      const ms = lastMonths(new Date(), 6);
      Promise.all(ms.flatMap((m) => [api.count('enrollments', monthFilter(m)), api.count('enrollments', monthFilter(m, 'completed'))]))
        .then((n) => setMonths(ms.map((m, i) => ({ label: m.label.slice(5), made: n[2 * i], completed: n[2 * i + 1] }))))
        .catch((err) => setError(err.message));
    }
  }, []);
  const pct = (x) => `${Math.round((x || 0) * 100)} %`;
  const byStatus = (o) => Object.entries(o || {}).map(([label, value]) => ({ label, value }));
  return html`<h1>Dashboard</h1>
    ${error && html`<p class="error" role="alert">${error}</p>`}
    ${d && html`<dl class="figures">
      <div><dt>Programs</dt><dd>${d.programs.total}</dd></div>
      <div><dt>Active customers</dt><dd>${d.customers.active} of ${d.customers.total}</dd></div>
      <div><dt>Active learners</dt><dd>${d.learners.active} of ${d.learners.total}</dd></div>
      <div><dt>Coach utilisation</dt><dd>${pct(d.coaches.utilization)}</dd></div>
      <div><dt>Completion rate</dt><dd>${pct(d.enrollments.completionRate)}</dd></div>
      <div><dt>Events in the next 7 days</dt><dd>${d.events.next7Days}</dd></div>
      <div><dt>Attendance, last 30 days</dt><dd>${pct(d.attendance.rate30Days)}</dd></div>
    </dl>
    <div class="charts">
      <${Chart} title="Programs by status" items=${byStatus(d.programs.byStatus)} />
      <${Chart} title="Enrolments by status" items=${byStatus(d.enrollments.byStatus)} />
      <${Chart} title="Coach utilisation" items=${[{ label: 'booked', value: d.coaches.utilization, shown: pct(d.coaches.utilization) },
        { label: 'free', value: 1 - d.coaches.utilization, shown: pct(1 - d.coaches.utilization) }]} />
      ${months && html`<${Chart} title="Enrolments by month" items=${months.map((m) => ({ label: m.label, value: m.made }))} />
        <${Chart} title="Completed enrolments by month" items=${months.map((m) => ({ label: m.label, value: m.completed }))} />`}
    </div>`}`;
}

// figureTypes are the types the analytics plugin has a figures route for.
const figureTypes = ['program', 'customer', 'coach'];

// Figures is a program's, a customer's or a coach's figures (GET
// /api/analytics/<type>s/:id), under its form; nothing for another type
// or a role without the route's action.
export function Figures({ api, type, documentId, can }) {
  const [figures, setFigures] = useState(null);
  const [charts, setCharts] = useState([]);
  const shown = figureTypes.includes(type.apiID) && documentId && can(`analytics.${type.apiID}`);
  useEffect(() => {
    if (!shown) return;
    api.figures(type.schema.pluralName, documentId).then(({ data }) => {
      setFigures(figuresOf(data));
      setCharts(figureCharts(type.apiID, data));
    }).catch(() => setFigures([]));
  }, [documentId]);
  if (!shown || !figures) return null;
  return html`<section aria-label="Figures" class="figures-of">
    <h2>Figures</h2>
    <dl class="figures">${figures.map((f) => html`<div><dt>${f.label}</dt><dd>${f.value}</dd></div>`)}</dl>
    <div class="charts">${charts.map((c) => html`<${Chart} key=${c.title} title=${c.title} items=${c.items} />`)}</div>
  </section>`;
}
