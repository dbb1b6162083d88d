// <sprout-plane>'s drawing: the plane in SVG (grid, axes, the shaded half where keys score above
// 0), a spoke from the origin to each key and to the query, and the points a reader moves (each a
// focusable group with its label, a larger hit area and a focus ring). Plane coordinates in and
// out: core.js converts them.
import { svgEl } from '../common/dom.js';
import { EXTENT, SIZE, UNIT, cssRgb, dividerOf, fmt1, fromSvg, positiveHalf, toSvg } from './core.js';

export const DRAWING_CSS = `
:host([data-theme="dark"]) { --shade: rgba(138, 155, 255, 0.13); }
:host { --shade: rgba(64, 81, 181, 0.08); }
/* a finger anywhere on the plane drags the query (a press on empty plane picks it up), so the
   drawing, not only the points, takes touches from page scrolling */
svg { display: block; width: 100%; height: auto; user-select: none; -webkit-user-select: none; touch-action: none; }
.grid { stroke: var(--fg-lightest); stroke-width: 1; }
.axis { stroke: var(--fg-lighter); stroke-width: 1.5; }
.positive { fill: var(--shade); }
.divider { stroke: var(--fg-lighter); stroke-width: 1; stroke-dasharray: 4 4; }
.spoke { stroke: var(--fg-lighter); stroke-width: 1.5; stroke-dasharray: 3 3; }
.query-spoke { stroke: var(--fg); stroke-width: 2.5; }
.point { cursor: grab; touch-action: none; outline: none; }
.point:active { cursor: grabbing; }
.point .hit { fill: transparent; }
.point .dot { stroke: var(--fg); stroke-width: 2; }
.point .ring { fill: none; stroke: none; stroke-width: 3; }
.point:focus-visible .ring { stroke: var(--accent); }
.label {
  fill: var(--fg); font-size: 15px; font-weight: 600;
  paint-order: stroke; stroke: var(--bg); stroke-width: 4px; stroke-linejoin: round;
  pointer-events: none;
}
.shade-label { fill: var(--fg-light); font-size: 12px; pointer-events: none; }
`;

export class PlaneDrawing {
  constructor(names, values) {
    this.names = names;
    const svg = svgEl('svg', {
      viewBox: `0 0 ${SIZE} ${SIZE}`,
      role: 'group',
      'aria-label': 'Plane with the query and the keys; each point can be moved with the arrow keys',
    });
    this.svg = svg;
    this.shade = svgEl('polygon', { class: 'positive' });
    this.divider = svgEl('line', { class: 'divider' });
    this.shadeLabel = svgEl('text', { class: 'shade-label', 'text-anchor': 'middle' });
    this.shadeLabel.textContent = 'scores > 0';
    svg.append(this.shade, ...this.gridLines(), this.divider, this.shadeLabel);

    this.spokes = {};
    this.points = {};
    for (const name of this.names) {
      this.spokes[name] = svgEl('line', { class: 'spoke' });
      svg.append(this.spokes[name]);
    }
    this.querySpoke = svgEl('line', { class: 'query-spoke' });
    svg.append(this.querySpoke);
    for (const name of this.names) {
      svg.append(this.buildPoint(name, svgEl('circle', { r: 11 })));
      this.points[name].querySelector('.dot').setAttribute('fill', cssRgb(values[name]));
    }
    const diamond = svgEl('rect', { x: -10, y: -10, width: 20, height: 20, transform: 'rotate(45)' });
    svg.append(this.buildPoint('query', diamond));
  }

  gridLines() {
    const lines = [];
    for (let i = -EXTENT; i <= EXTENT; i++) {
      const at = SIZE / 2 + i * UNIT;
      const cls = i === 0 ? 'axis' : 'grid';
      lines.push(svgEl('line', { class: cls, x1: at, y1: 0, x2: at, y2: SIZE }));
      lines.push(svgEl('line', { class: cls, x1: 0, y1: at, x2: SIZE, y2: at }));
    }
    return lines;
  }

  buildPoint(name, shape) {
    const isQuery = name === 'query';
    const point = svgEl('g', {
      class: 'point',
      tabindex: '0',
      role: 'button',
      'data-point': name,
      'aria-roledescription': 'movable point',
    });
    shape.classList.add('dot');
    // the focus ring: the same shape, a little larger
    const ring = isQuery
      ? svgEl('rect', { x: -15, y: -15, width: 30, height: 30, transform: 'rotate(45)' })
      : svgEl('circle', { r: 17 });
    ring.setAttribute('class', 'ring');
    const hit = svgEl('circle', { class: 'hit', r: 22 });
    const label = svgEl('text', { class: 'label', x: 14, y: -12 });
    label.textContent = isQuery ? 'query' : name;
    point.append(hit, ring, shape, label);
    this.points[name] = point;
    return point;
  }

  /** The points where `keys` and `query` are, the query filled with the blended `output`. */
  draw(keys, query, output) {
    for (const name of [...this.names, 'query']) {
      const at = name === 'query' ? query : keys[name];
      const [x, y] = toSvg(at);
      const point = this.points[name];
      point.setAttribute('transform', `translate(${x} ${y})`);
      point.dataset.x = String(at[0]);
      point.dataset.y = String(at[1]);
      const role = name === 'query' ? 'query' : `key ${name}`;
      point.setAttribute('aria-label', `${role} at (${fmt1(at[0])}, ${fmt1(at[1])})`);
      if (name !== 'query') this.setLine(this.spokes[name], [0, 0], at);
    }
    this.points.query.querySelector('.dot').setAttribute('fill', cssRgb(output));
    this.setLine(this.querySpoke, [0, 0], query);
    this.drawHalfPlane(query);
  }

  /** The half-plane where keys score above 0, shaded, with its border (none at query 0, 0). */
  drawHalfPlane(query) {
    const divider = dividerOf(query);
    for (const node of [this.shade, this.divider, this.shadeLabel])
      node.style.display = divider ? '' : 'none';
    if (!divider) return;
    const polygon = positiveHalf(query).map(toSvg);
    this.shade.setAttribute('points', polygon.map((p) => p.join(',')).join(' '));
    this.setLine(this.divider, divider.from, divider.to);
    const [lx, ly] = toSvg(divider.label);
    this.shadeLabel.setAttribute('x', lx);
    this.shadeLabel.setAttribute('y', ly);
  }

  setLine(line, from, to) {
    const [x1, y1] = toSvg(from);
    const [x2, y2] = toSvg(to);
    Object.entries({ x1, y1, x2, y2 }).forEach(([k, v]) => line.setAttribute(k, v));
  }

  /** Plane coordinates of a pointer event, through the SVG's current screen transform. */
  planeAt(event) {
    const matrix = this.svg.getScreenCTM();
    if (!matrix) return null;
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return fromSvg([p.x, p.y]);
  }
}
