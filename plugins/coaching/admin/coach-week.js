// The coaching plugin's Coach's week page: a coach's week as a calendar
// (their events and their free slots, GET /api/coaches/:id/availability,
// day by day) and their learners, assigned and unassigned within their
// capacity (the server refuses past it, and the page says why).

// weekOf is the seven days from the Monday of now's week (UTC): each day's
// date and name, and the week's bounds as the API's filters take them.
export function weekOf(now) {
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - ((now.getUTCDay() + 6) % 7)));
  const days = [];
  for (let i = 0; i < 7; i++) {
    const d = new Date(monday.getTime() + i * 86400000);
    days.push({ date: d.toISOString().slice(0, 10), name: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'][i] });
  }
  const end = new Date(monday.getTime() + 7 * 86400000);
  return { days, from: monday.toISOString().slice(0, 19), to: end.toISOString().slice(0, 19) };
}

// byDay groups items by the UTC date of their start, a key per day.
export function byDay(items, startOf) {
  const out = {};
  for (const it of items) (out[startOf(it).slice(0, 10)] ||= []).push(it);
  return out;
}

// learnerField is the relation picker's field for adding a learner.
const learnerField = { name: 'learners', many: true,
  target: { apiID: 'learner', schema: { pluralName: 'learners', attributes: { name: { type: 'string' } } } } };

export default function CoachWeek({ api, can, ui }) {
  const { html, useEffect, useState, RelationPicker } = ui;
  const [coaches, setCoaches] = useState(null);
  const [coach, setCoach] = useState('');
  const [week, setWeek] = useState(null);
  const [learners, setLearners] = useState([]);
  const [error, setError] = useState('');
  const w = weekOf(new Date());
  useEffect(() => {
    api.request('GET', '/api/coaches?pagination[pageSize]=100&sort=name:asc').then(({ data }) => {
      setCoaches(data);
      if (data[0]) setCoach(String(data[0].id));
    }).catch((err) => setError(err.message));
  }, []);
  const loadLearners = () => can('coaching.learners') && api.request('GET', `/api/coaches/${coach}/learners?pagination[pageSize]=100`)
    .then(({ data }) => setLearners(data)).catch((err) => setError(err.message));
  useEffect(() => {
    if (!coach) return;
    setError('');
    Promise.all([
      api.request('GET', `/api/events?filters[coach][id][$eq]=${coach}&filters[startAt][$gte]=${w.from}&filters[startAt][$lt]=${w.to}`
        + '&sort=startAt:asc&pagination[pageSize]=100'),
      api.request('GET', `/api/coaches/${coach}/availability?from=${w.from}&to=${w.to}&duration=30`),
    ]).then(([ev, av]) => setWeek({ events: byDay(ev.data, (e) => e.startAt), free: byDay(av.data, (f) => f.start), timezone: av.meta.timezone }))
      .catch((err) => setError(err.message));
    loadLearners();
  }, [coach]);
  const hm = (iso) => iso.slice(11, 16);
  const change = async (method, path, body) => {
    setError('');
    try {
      await api.request(method, path, body);
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
        ${can('coaching.unassign') && html`<button type="button" class="secondary" aria-label=${`Unassign ${l.name}`}
          onClick=${() => change('DELETE', `/api/coaches/${coach}/learners/${encodeURIComponent(l.documentId)}`)}>Unassign</button>`}</li>`)}</ul>
      ${can('coaching.assign') && html`<${RelationPicker} api=${api} path=${['learners']} field=${learnerField} chosen=${[]} disabled=${false}
        onChange=${(list) => {
          const added = list.find((x) => !learners.some((l) => l.documentId === x.documentId));
          if (added) change('POST', `/api/coaches/${coach}/learners`, { learners: [added.documentId] });
        }} />`}
    </section>`}`;
}
