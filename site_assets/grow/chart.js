// <sprout-grow>'s loss chart, drawn as SVG: one curve per depth (the held-out loss on the repeated
// tokens at each evaluation), dashed lines at ln vocab (guessing evenly) and at half of it (the
// phase change's threshold), each model's phase change marked; under it a text summary and, in
// a <details>, the evaluations as a table. The geometry (chartGeometry, niceTicks) is pure.
import { el, svgEl } from '../common/dom.js';
import { chartSummary, depthLabel, formatCount } from './text.js';

// Okabe-Ito by depth, as the Python race's figure colours them; lighter blue on the dark palette
export const DEPTH_COLOURS = { 1: '#E69F00', 2: '#0072B2', 3: '#009E73' };
const DARK_COLOURS = { 1: '#E69F00', 2: '#56B4E9', 3: '#2CC59A' };
export const depthColour = (layers, dark) => (dark ? DARK_COLOURS : DEPTH_COLOURS)[layers] ?? '#888888';

export const CHART_CSS = `
.chart-box { margin: 0.4rem 0; }
.chart-box svg { display: block; width: 100%; height: auto; overflow: visible; }
.chart-box .axis text, .chart-box .level text, .chart-box .mark text { fill: var(--fg); font-size: 11px; }
.chart-box .axis line, .chart-box .axis path { stroke: var(--fg-lighter); }
.chart-box .grid line { stroke: var(--fg-lightest); }
.chart-box .level line { stroke: var(--fg-light); stroke-dasharray: 5 4; }
.legend { display: flex; flex-wrap: wrap; gap: 0.2rem 1rem; margin: 0.2rem 0; }
.legend .swatch { display: inline-block; width: 1.4rem; height: 0.25rem; vertical-align: middle; margin-right: 0.3rem; }
.chart-summary { margin: 0.3rem 0; color: var(--fg-light); font-size: 0.9em; }
.evaluations table { border-collapse: collapse; font-variant-numeric: tabular-nums; margin-top: 0.3rem; }
.evaluations th, .evaluations td { padding: 0.1rem 0.6rem; text-align: right; border-bottom: 1px solid var(--fg-lightest); }
.evaluations .table-wrap { max-height: 16rem; overflow: auto; }
`;

/** Ticks from 0 to `top` at a round spacing (1, 2 or 5 times a power of ten), about `count` of them. */
export function niceTicks(top, count = 4) {
  if (!(top > 0)) return [0];
  const raw = top / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw);
  const ticks = [];
  for (let v = 0; v <= top + step * 1e-9; v += step) ticks.push(Number(v.toPrecision(12)));
  return ticks;
}

/**
 * Where things go in a chart `width` px wide: { width, height, left, right, top, bottom, x(step),
 * y(loss), yTop }. The y axis runs from 0 to a round number above both the plateau and every loss.
 */
export function chartGeometry(width, steps, plateau, highest = 0) {
  const w = Math.max(260, Math.round(width));
  const height = Math.round(Math.min(300, Math.max(190, w * 0.5)));
  const yTop = Math.ceil(Math.max(plateau * 1.12, highest) * 2) / 2;
  const box = { left: 40, right: w - 12, top: 12, bottom: height - 34 };
  return {
    width: w,
    height,
    ...box,
    yTop,
    x: (step) => box.left + ((box.right - box.left) * step) / steps,
    y: (loss) => box.bottom - ((box.bottom - box.top) * Math.min(loss, yTop)) / yTop,
  };
}

const fixed = (n) => n.toFixed(1);

export class LossChart {
  constructor() {
    this.element = el('div', 'chart-box');
    this.legend = el('div', 'legend');
    this.svg = svgEl('svg', {
      role: 'img',
      'aria-label': 'Loss curves of the race (the summary below says what they show)',
    });
    this.summary = el('p', 'chart-summary');
    this.details = el('details', 'evaluations');
    const wrap = el('div', 'table-wrap');
    this.table = el('table');
    wrap.append(this.table);
    wrap.tabIndex = 0; // it scrolls: a keyboard must reach it
    wrap.setAttribute('role', 'region');
    wrap.setAttribute('aria-label', 'Every evaluation');
    this.details.append(el('summary', '', 'Every evaluation as a table'), wrap);
    this.element.append(this.legend, this.svg, this.summary, this.details);
    this.tableKey = '';
  }

  /** curves: [{ layers, points: [[step, loss]], phase }]; race: readRace's result. */
  render(race, curves, width, dark) {
    const highest = Math.max(
      0,
      ...curves.flatMap((c) => c.points.map(([, loss]) => (Number.isFinite(loss) ? loss : 0))),
    );
    const g = chartGeometry(width, race.spec.steps, race.plateau, highest);
    this.svg.setAttribute('viewBox', `0 0 ${g.width} ${g.height}`);
    this.svg.replaceChildren(
      this.axes(g, race.spec.steps),
      this.level(g, race.plateau, `guessing evenly: ln ${race.spec.vocab} = ${race.plateau.toFixed(2)}`),
      this.level(g, race.threshold, `half of it: ${race.threshold.toFixed(2)}`),
      ...curves.map((c) => this.curve(g, c, dark)),
      ...curves.filter((c) => c.phase !== null).map((c, i) => this.mark(g, c, dark, i)),
    );
    this.legend.replaceChildren(
      ...curves.map(({ layers }) => {
        const item = el('span');
        const swatch = el('span', 'swatch');
        swatch.style.background = depthColour(layers, dark);
        item.append(swatch, depthLabel(layers));
        return item;
      }),
    );
    this.summary.textContent = chartSummary(curves, race);
    this.renderTable(curves, race.spec);
  }

  axes(g, steps) {
    const group = svgEl('g', { class: 'axis' });
    const grid = svgEl('g', { class: 'grid' });
    for (const loss of niceTicks(g.yTop, 4)) {
      grid.append(svgEl('line', { x1: g.left, x2: g.right, y1: g.y(loss), y2: g.y(loss) }));
      const label = svgEl('text', { x: g.left - 6, y: g.y(loss) + 4, 'text-anchor': 'end' });
      label.textContent = loss.toFixed(1);
      group.append(label);
    }
    for (const step of niceTicks(steps, g.width < 420 ? 2 : 4)) {
      const label = svgEl('text', { x: g.x(step), y: g.bottom + 15, 'text-anchor': 'middle' });
      label.textContent = formatCount(step);
      group.append(svgEl('line', { x1: g.x(step), x2: g.x(step), y1: g.bottom, y2: g.bottom + 4 }), label);
    }
    group.append(svgEl('path', { d: `M${g.left} ${g.top}V${g.bottom}H${g.right}`, fill: 'none' }));
    const title = svgEl('text', { x: (g.left + g.right) / 2, y: g.height - 2, 'text-anchor': 'middle' });
    title.textContent = 'training step';
    group.append(title);
    const both = svgEl('g');
    both.append(grid, group);
    return both;
  }

  level(g, loss, text) {
    const group = svgEl('g', { class: 'level' });
    group.append(svgEl('line', { x1: g.left, x2: g.right, y1: g.y(loss), y2: g.y(loss) }));
    const label = svgEl('text', { x: g.right - 2, y: g.y(loss) - 4, 'text-anchor': 'end' });
    label.textContent = text;
    group.append(label);
    return group;
  }

  curve(g, { layers, points, phase }, dark) {
    const d = points
      .filter(([, loss]) => Number.isFinite(loss))
      .map(([step, loss], i) => `${i ? 'L' : 'M'}${fixed(g.x(step))} ${fixed(g.y(loss))}`)
      .join('');
    const last = points.at(-1);
    return svgEl('path', {
      class: 'curve',
      d: d || 'M0 0',
      fill: 'none',
      stroke: depthColour(layers, dark),
      'stroke-width': 2.5,
      'stroke-linejoin': 'round',
      'data-layers': String(layers),
      'data-points': String(points.length),
      'data-step': last ? String(last[0]) : '',
      'data-loss': last ? String(last[1]) : '',
      'data-phase-change': phase === null ? '' : String(phase),
    });
  }

  mark(g, { layers, phase, points }, dark, index) {
    const loss = points.find(([step]) => step === phase)?.[1] ?? 0;
    const group = svgEl('g', { class: 'mark', 'data-layers': String(layers) });
    const x = g.x(phase);
    group.append(
      svgEl('line', {
        x1: x,
        x2: x,
        y1: g.top,
        y2: g.bottom,
        stroke: depthColour(layers, dark),
        'stroke-dasharray': '2 3',
      }),
      svgEl('circle', { cx: x, cy: g.y(loss), r: 4.5, fill: depthColour(layers, dark) }),
    );
    const label = svgEl('text', { x: x + 5, y: g.top + 12 + 14 * index });
    label.textContent = `${depthLabel(layers)}: step ${formatCount(phase)}`;
    group.append(label);
    return group;
  }

  renderTable(curves, spec) {
    const key = curves.map((c) => c.layers).join();
    if (key !== this.tableKey) {
      this.tableKey = key;
      const head = el('tr');
      const stepHead = el('th', '', 'step');
      stepHead.scope = 'col';
      head.append(
        stepHead,
        ...curves.map((c) => Object.assign(el('th', '', `${depthLabel(c.layers)} (nats)`), { scope: 'col' })),
      );
      const thead = el('thead');
      thead.append(head);
      this.tbody = el('tbody');
      this.table.replaceChildren(
        el('caption', 'visually-hidden', 'Held-out loss on the repeated tokens at each evaluation'),
        thead,
        this.tbody,
      );
    }
    const steps = [];
    for (let step = 0; step <= spec.steps; step += spec.eval_every) {
      if (curves.some((c) => c.points.some(([s]) => s === step))) steps.push(step);
    }
    while (this.tbody.rows.length > steps.length) this.tbody.lastElementChild.remove();
    steps.forEach((step, i) => {
      let row = this.tbody.rows[i];
      if (!row) {
        row = el('tr');
        this.tbody.append(row);
      }
      const cells = [
        formatCount(step),
        ...curves.map((c) => c.points.find(([s]) => s === step)?.[1]?.toFixed(3) ?? ''),
      ];
      if (row.dataset.cells === cells.join('|')) return;
      row.dataset.cells = cells.join('|');
      const header = el('th', '', cells[0]);
      header.scope = 'row';
      row.replaceChildren(header, ...cells.slice(1).map((text) => el('td', '', text)));
    });
  }
}
