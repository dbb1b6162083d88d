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
import { actionButton, el, shadowFrame } from '../common/dom.js';
import { define, SproutElement } from '../common/element.js';
import {
  clampSharpness,
  formatPlaneHash,
  nobodyFitsLayout,
  onPlane,
  parsePairs,
  parsePlaneHash,
  parseVector,
  planeSentence,
  valuesFor,
} from './core.js';
import { DRAWING_CSS, PlaneDrawing } from './drawing.js';
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
.layout { display: flex; flex-wrap: wrap; gap: 0.8rem; align-items: flex-start; }
.plane { flex: 1 1 15rem; max-width: 22rem; min-width: 0; }
${DRAWING_CSS}${READOUTS_CSS}
.sharpness-control input { width: 8rem; max-width: 40vw; }
`;

// Lifecycle and theme (the host's data-theme) come from SproutElement (common/element.js).
class SproutPlane extends SproutElement {
  // its caption on paper (build_site/pdf.py pictures the widget; a widget without one stops the PDF)
  static printCaption = 'W3. Queries, keys and values on a plane: scores, weights and the blended value.';

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
    this.drawing = new PlaneDrawing(this.names, this.values);
    this.listenToPointer(this.drawing.svg);
    this.drawing.svg.addEventListener('keydown', (event) => this.onKey(event));
    plane.append(this.drawing.svg);
    this.readouts = new PlaneReadouts(this.names, this.values);
    layout.append(plane, this.readouts.box);
    return layout;
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
    this.drawing.draw(this.keys, this.query, output);
    this.readouts.show({ scores, weights, output }, this.query);
    this.slider.value = String(this.sharpness);
    this.sharpnessText.textContent = `× ${this.sharpness.toFixed(1)}`;
    this.dataset.sharpness = String(this.sharpness);
    this.lastResult = { scores, weights, output };
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

  listenToPointer(svg) {
    svg.addEventListener('pointerdown', (event) => {
      if (event.button !== 0) return;
      const point = event.target.closest('[data-point]');
      // a press on empty plane picks up the query there
      this.dragging = point ? point.dataset.point : 'query';
      const grab = this.drawing.planeAt(event);
      const [px, py] = this.position(this.dragging);
      this.grabOffset = point && grab ? [px - grab[0], py - grab[1]] : [0, 0];
      svg.setPointerCapture(event.pointerId);
      this.drawing.points[this.dragging].focus({ preventScroll: true });
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
    const at = this.drawing.planeAt(event);
    if (!at) return;
    this.moveTo(this.dragging, [at[0] + this.grabOffset[0], at[1] + this.grabOffset[1]]);
    this.render();
  }
}

define('sprout-plane', SproutPlane);
export { SproutPlane };
