// The analytics plugin's Dashboard page: the platform's figures (GET
// /api/analytics/dashboard), drawn, and enrolments and completions by
// month (counted through the enrollments' own route, a month at a time).

import { chart, percent } from './chart.js';

// lastMonths are the n calendar months up to the one of now, oldest
// first, each with its first day and the next month's (UTC), as filters
// on createdAt take them.
export function lastMonths(now, n) {
  const out = [];
  for (let i = n - 1; i >= 0; i--) {
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
    out.push({ label: start.toISOString().slice(0, 7), from: start.toISOString(), to: end.toISOString() });
  }
  return out;
}

// monthFilter selects the entries made in a month, and of a status when
// given.
export function monthFilter(m, status = '') {
  const f = [`filters[createdAt][$gte]=${m.from}`, `filters[createdAt][$lt]=${m.to}`];
  if (status) f.push(`filters[status][$eq]=${status}`);
  return f.join('&');
}

// count is how many enrolments a filter selects: a page of one entry,
// its total read.
async function count(api, filters) {
  const { meta } = await api.request('GET', `/api/enrollments?${filters}&pagination[pageSize]=1&fields[0]=documentId`);
  return meta.pagination.total;
}

export default function Dashboard({ api, can, ui }) {
  const { html, useEffect, useState } = ui;
  const [d, setD] = useState(null);
  const [months, setMonths] = useState(null);
  const [error, setError] = useState('');
  useEffect(() => {
    api.request('GET', '/api/analytics/dashboard').then(({ data }) => setD(data)).catch((err) => setError(err.message));
    if (can('enrollment.find')) {
      const ms = lastMonths(new Date(), 6);
      Promise.all(ms.flatMap((m) => [count(api, monthFilter(m)), count(api, monthFilter(m, 'completed'))]))
        .then((n) => setMonths(ms.map((m, i) => ({ label: m.label.slice(5), made: n[2 * i], completed: n[2 * i + 1] }))))
        .catch((err) => setError(err.message));
    }
  }, []);
  const byStatus = (o) => Object.entries(o || {}).map(([label, value]) => ({ label, value }));
  return html`<h1>Dashboard</h1>
    ${error && html`<p class="error" role="alert">${error}</p>`}
    ${d && html`<dl class="figures">
      <div><dt>Programs</dt><dd>${d.programs.total}</dd></div>
      <div><dt>Active customers</dt><dd>${d.customers.active} of ${d.customers.total}</dd></div>
      <div><dt>Active learners</dt><dd>${d.learners.active} of ${d.learners.total}</dd></div>
      <div><dt>Coach utilisation</dt><dd>${percent(d.coaches.utilization)}</dd></div>
      <div><dt>Completion rate</dt><dd>${percent(d.enrollments.completionRate)}</dd></div>
      <div><dt>Events in the next 7 days</dt><dd>${d.events.next7Days}</dd></div>
      <div><dt>Attendance, last 30 days</dt><dd>${percent(d.attendance.rate30Days)}</dd></div>
    </dl>
    <div class="charts">
      ${chart(html, { title: 'Programs by status', items: byStatus(d.programs.byStatus) })}
      ${chart(html, { title: 'Enrolments by status', items: byStatus(d.enrollments.byStatus) })}
      ${chart(html, { title: 'Coach utilisation', items: [{ label: 'booked', value: d.coaches.utilization, shown: percent(d.coaches.utilization) },
        { label: 'free', value: 1 - d.coaches.utilization, shown: percent(1 - d.coaches.utilization) }] })}
      ${months && [chart(html, { title: 'Enrolments by month', items: months.map((m) => ({ label: m.label, value: m.made })) }),
        chart(html, { title: 'Completed enrolments by month', items: months.map((m) => ({ label: m.label, value: m.completed })) })]}
    </div>`}`;
}
