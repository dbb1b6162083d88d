// <sprout-plane>: widget W3. Four keys and a query on a 2-D plane; drag or arrow-key any of
// them and watch the scores, the weights and the blended value (a colour) follow.
//
// Attributes (all optional; the defaults are the numbers the chapter's snippet C1 uses):
//   keys='{"girl": [2.0, 0.5], ...}'        key vectors by name
//   values='{"girl": [0.9, 0.3, 0.5], ...}' value colours (RGB in 0..1), same names
//   query="1.0, 0.8"                        where the query starts
//   sharpness="1"                           the slider's start (it multiplies the scores)
// Deep link: #plane=1.2/-0.4/2.0 sets the query (x/y) and the sharpness (key: hash="...", "off").
import { attend } from '../common/math.js';
import { actionButton, el, shadowFrame, svgEl } from '../common/dom.js';
import { define, SproutElement } from '../common/element.js';
import {
  EXTENT,
  SIZE,
  UNIT,
  clampSharpness,
  cssRgb,
  dividerOf,
  fmt1,
  formatPlaneHash,
  fromSvg,
  nobodyFitsLayout,
  onPlane,
  parsePairs,
  parsePlaneHash,
  parseVector,
  planeSentence,
  positiveHalf,
  toSvg,
  valuesFor,
} from './core.js';
import { PlaneReadouts, READOUTS_CSS } from './readouts.js';
import { BASE_CSS, DARK_CSS } from '../common/styles.js';
import { hashState } from '../common/url-state.js';

const START_KEYS = { girl: [2.0, 0.5], ball: [0.5, 2.0], red: [1.5, -1.0], ran: [-1.2, 1.4] };
const START_VALUES = {
  girl: [0.9, 0.3, 0.5],
  ball: [0.2, 0.4, 0.9],
  red: [0.85, 0.1, 0.1],
  ran: [0.2, 0.7, 0.3],
};
const START_QUERY = [1.0, 0.8];

const STEP = 0.1;
const BIG_STEP = 0.5;
const MOVES = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };

const CSS = `${BASE_CSS}${DARK_CSS}
:host([data-theme="dark"]) { --shade: rgba(138, 155, 255, 0.13); }
:host { --shade: rgba(64, 81, 181, 0.08); }
.layout { display: flex; flex-wrap: wrap; gap: 0.8rem; align-items: flex-start; }
.plane { flex: 1 1 15rem; max-width: 22rem; min-width: 0; }
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
${READOUTS_CSS}
.sharpness-control input { width: 8rem; max-width: 40vw; }
`;

// Lifecycle and theme (the host's data-theme) come from SproutElement (common/element.js).
class SproutPlane extends SproutElement {
  connected() {
    this.link = hashState(this, 'plane', (text) => this.useHash(text), this.lifetime.signal);
    this.render();
    this.setAttribute('ready', '');
  }

  /** "1.2/-0.4/2.0" from the URL hash: the query's x and y, then the sharpness. */
  useHash(text) {
    const wanted = parsePlaneHash(text);
    if (!wanted) return false;
    this.moveTo('query', wanted.query);
    this.sharpness = wanted.sharpness;
    if (this.lastResult) this.render();
    return true;
  }

  disconnected() {
    this.dragging = null;
  }

  readStart() {
    const keys = parsePairs(this.getAttribute('keys'), START_KEYS, 2);
    const values = valuesFor(
      Object.keys(keys),
      parsePairs(this.getAttribute('values'), START_VALUES, 3),
      START_VALUES,
    );
    const sharpness = Number.parseFloat(this.getAttribute('sharpness'));
    this.start = {
      keys,
      values,
      query: parseVector(this.getAttribute('query'), START_QUERY),
      sharpness: Number.isFinite(sharpness) ? clampSharpness(sharpness) : 1,
    };
    this.names = Object.keys(keys);
  }

  resetState() {
    this.keys = structuredClone(this.start.keys);
    this.values = this.start.values;
    this.query = [...this.start.query];
    this.sharpness = this.start.sharpness;
  }

  // ---- building the DOM once; render() only updates it ----

  build() {
    this.readStart();
    this.resetState();
    const frame = shadowFrame(this, CSS);
    const hint = el(
      'p',
      'hint',
      'Drag the query (the diamond) or any key, or focus one and use the arrow keys ' +
        '(Shift for bigger steps). The shaded half is where keys score above 0.',
    );
    frame.append(this.buildControls(), hint, this.buildLayout(), this.buildStatus());
  }

  buildControls() {
    const controls = el('div', 'controls');
    const label = el('label', 'sharpness-control');
    label.append('Sharpness ');
    this.slider = el('input', 'sharpness');
    Object.assign(this.slider, { type: 'range', min: '0', max: '5', step: '0.1' });
    this.slider.setAttribute('aria-describedby', 'sharpness-help');
    this.sharpnessText = el('output', 'sharpness-value');
    label.append(this.slider, this.sharpnessText);
    this.slider.addEventListener('input', () => {
      this.sharpness = Number.parseFloat(this.slider.value);
      this.render();
    });
    this.slider.addEventListener('change', () => this.announce());
    const help = el('span', 'visually-hidden', 'Multiplies every score before the softmax.');
    help.id = 'sharpness-help';
    controls.append(
      label,
      help,
      this.button('zero', 'zero query', () => {
        this.query = [0, 0];
      }),
      this.button('nobody', 'nobody fits', () => Object.assign(this, nobodyFitsLayout(this.keys))),
      this.button('reset', 'reset', () => this.resetState()),
    );
    return controls;
  }

  button(action, text, change) {
    return actionButton(action, text, () => {
      change();
      this.render();
      this.announce();
    });
  }

  buildLayout() {
    const layout = el('div', 'layout');
    const plane = el('div', 'plane');
    plane.append(this.buildSvg());
    this.readouts = new PlaneReadouts(this.names, this.values);
    layout.append(plane, this.readouts.box);
    return layout;
  }

  buildSvg() {
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
      this.points[name].querySelector('.dot').setAttribute('fill', cssRgb(this.values[name]));
    }
    const diamond = svgEl('rect', { x: -10, y: -10, width: 20, height: 20, transform: 'rotate(45)' });
    svg.append(this.buildPoint('query', diamond));
    this.listenToPointer(svg);
    svg.addEventListener('keydown', (event) => this.onKey(event));
    return svg;
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

  buildStatus() {
    this.status = el('p', 'visually-hidden status');
    this.status.setAttribute('aria-live', 'polite');
    return this.status;
  }

  // ---- state -> DOM ----

  compute() {
    const keys = this.names.map((name) => this.keys[name]);
    const values = this.names.map((name) => this.values[name]);
    return attend(this.query, keys, values, this.sharpness);
  }

  render() {
    const { scores, weights, output } = this.compute();
    this.renderPlane(output);
    this.readouts.show({ scores, weights, output }, this.query);
    this.slider.value = String(this.sharpness);
    this.sharpnessText.textContent = `× ${this.sharpness.toFixed(1)}`;
    this.dataset.sharpness = String(this.sharpness);
    this.lastResult = { scores, weights, output };
  }

  renderPlane(output) {
    for (const name of [...this.names, 'query']) {
      const at = name === 'query' ? this.query : this.keys[name];
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
    this.setLine(this.querySpoke, [0, 0], this.query);
    this.renderHalfPlane();
  }

  renderHalfPlane() {
    const divider = dividerOf(this.query);
    for (const node of [this.shade, this.divider, this.shadeLabel])
      node.style.display = divider ? '' : 'none';
    if (!divider) return;
    const polygon = positiveHalf(this.query).map(toSvg);
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

  /** A sentence for screen readers, after a move ends (not on every pointer move). */
  announce() {
    this.status.textContent = planeSentence(this.query, this.sharpness, this.names, this.lastResult.weights);
    this.link.save(formatPlaneHash(this.query, this.sharpness));
  }

  // ---- moving points ----

  moveTo(name, [x, y]) {
    const at = [onPlane(x), onPlane(y)];
    if (name === 'query') this.query = at;
    else this.keys[name] = at;
  }

  position(name) {
    return name === 'query' ? this.query : this.keys[name];
  }

  onKey(event) {
    const point = event.target.closest?.('[data-point]');
    const move = MOVES[event.key];
    if (!point || !move) return;
    event.preventDefault();
    const step = event.shiftKey ? BIG_STEP : STEP;
    const name = point.dataset.point;
    const [x, y] = this.position(name);
    this.moveTo(name, [x + move[0] * step, y + move[1] * step]);
    this.render();
    this.announce();
  }

  /** Plane coordinates of a pointer event, through the SVG's current screen transform. */
  planeAt(event) {
    const matrix = this.svg.getScreenCTM();
    if (!matrix) return null;
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return fromSvg([p.x, p.y]);
  }

  listenToPointer(svg) {
    svg.addEventListener('pointerdown', (event) => {
      if (event.button !== 0) return;
      const point = event.target.closest('[data-point]');
      // a press on empty plane picks up the query there
      this.dragging = point ? point.dataset.point : 'query';
      const grab = this.planeAt(event);
      const [px, py] = this.position(this.dragging);
      this.grabOffset = point && grab ? [px - grab[0], py - grab[1]] : [0, 0];
      svg.setPointerCapture(event.pointerId);
      this.points[this.dragging].focus({ preventScroll: true });
      event.preventDefault();
      if (!point) this.dragTo(event);
    });
    svg.addEventListener('pointermove', (event) => this.dragging && this.dragTo(event));
    const stop = () => {
      if (!this.dragging) return;
      this.dragging = null;
      this.announce();
    };
    svg.addEventListener('pointerup', stop);
    svg.addEventListener('pointercancel', stop);
  }

  dragTo(event) {
    const at = this.planeAt(event);
    if (!at) return;
    this.moveTo(this.dragging, [at[0] + this.grabOffset[0], at[1] + this.grabOffset[1]]);
    this.render();
  }
}

define('sprout-plane', SproutPlane);
export { SproutPlane };
