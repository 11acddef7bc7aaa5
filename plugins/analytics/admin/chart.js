// A bar chart in SVG, which the analytics plugin's dashboard and figures
// draw with: plain functions of the panel's html (htm), no component.

// bars lays out a bar chart's bars in a width×height box: each value's
// bar from the bottom, the tallest reaching the top.
export function bars(values, width, height, gap = 8) {
  const top = Math.max(...values, 0) || 1;
  const w = values.length ? (width - gap * (values.length - 1)) / values.length : 0;
  return values.map((v, i) => {
    const h = Math.round((v / top) * height);
    return { x: Math.round(i * (w + gap)), y: height - h, width: Math.round(w), height: h };
  });
}

// short is a bar's label as drawn under it; the chart's name says it whole.
const short = (label) => (String(label).length > 12 ? `${String(label).slice(0, 11)}…` : label);

// chart is a bar chart, a bar and its label per item ({label, value,
// shown}: shown is the value as written, when not the number). Its
// accessible name says every value, for those who cannot see it.
export function chart(html, { title, items }) {
  const w = 320;
  const h = 120;
  const laid = bars(items.map((i) => i.value), w, h);
  const said = `${title}: ${items.map((i) => `${i.label} ${i.shown ?? i.value}`).join(', ')}`;
  return html`<figure class="chart" key=${title}>
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

// percent is a rate (0 to 1) as the pages write it.
export const percent = (x) => `${Math.round((x || 0) * 100)} %`;
