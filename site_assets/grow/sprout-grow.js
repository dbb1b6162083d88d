// <sprout-grow>: "Grow an induction head". The layer race's toys (one attention layer and two,
// a third on request) train side by side in the reader's browser, one Web Worker each
// (TensorFlow.js, WebAssembly), on the spec the chapter's Python race used, read at run time
// from the published layer_race.json. The reader watches the loss on the repeated tokens: the
// two-layer model falls below half of ln vocab (the phase change), the one-layer model does not;
// then the heads' attention on a fresh example shows why.
//
// Attributes: base (URL of the folder holding layer_race.json, default "artifacts/"),
// seed (default 0), layers ("1,2" or "1,2,3"), hash (permalink key, default "grow"; "off").
// Deep link: #grow=<seed>/<layers joined by "-">, e.g. #grow=3/1-2-3 (sets the fields; the race
// starts only when the reader presses Start). TensorFlow.js is fetched only then.
// Host: ready (spec read), error (its value the message: the race's file unread, the race stopped,
// or a browser that cannot train); data-state idle|loading|running|paused|finished|diverged|
// failed|unsupported; data-step (steps done by the slowest model); data-phase-<layers> (its
// phase change step, once it comes); data-speeds ("1:14.20 2:9.10": each model's training steps a
// second lately); data-held (paused, and every worker has stopped between two steps);
// data-example (the example whose attention the heads panel shows).
// The element starts, pauses and resets the race; its parts: controls.js (the fields and
// buttons), lines.js (the words on the page), charts.js (the loss chart and the heads),
// messages.js (what each worker's messages do); pure: core.js, session.js, text.js, scores.js.
import { shadowFrame } from '../common/dom.js';
import { define, SproutElement } from '../common/element.js';
import { fetchJson, whenVisible } from '../common/load.js';
import { BASE_CSS, DARK_CSS } from '../common/styles.js';
import { hashState } from '../common/url-state.js';
import { CHARTS_CSS, RaceCharts } from './charts.js';
import { CONTROLS_CSS, RaceControls } from './controls.js';
import { checkSettings, formatGrowHash, parseGrowHash, readRace } from './core.js';
import { LINES_CSS, RaceLines } from './lines.js';
import { onWorkerMessage } from './messages.js';
import { GrowRace, missingSupport } from './runner.js';
import { RaceSession } from './session.js';
import {
  formatCount,
  introText,
  outcomeSentence,
  pausedSentence,
  pythonContext,
  statusLine,
} from './text.js';

const EXAMPLE_ROWS = 64;

const CSS = `${BASE_CSS}${DARK_CSS}${CONTROLS_CSS}${LINES_CSS}${CHARTS_CSS}`;

class SproutGrow extends SproutElement {
  // its caption on paper (build_site/pdf.py pictures the widget; a widget without one stops the PDF)
  static printCaption = 'W6. Grow an induction head: the layer race, trained in the page.';

  build() {
    const frame = shadowFrame(this, CSS);
    // unseen until the race's settings fill its sentences, so nothing visible moves when they do
    // (the host's min-height in chapter.css keeps the room); shown whatever the load's outcome
    this.shell = frame;
    frame.style.visibility = 'hidden';
    this.controls = new RaceControls(
      { seed: this.getAttribute('seed'), layers: this.getAttribute('layers') },
      { start: () => this.start(), togglePause: () => this.togglePause(), reset: () => this.reset() },
    );
    this.lines = new RaceLines();
    this.charts = new RaceCharts((number) => this.askAttention(number));
    const { intro, message, status, outcome, python, errorLine } = this.lines;
    frame.append(
      intro,
      this.controls.element,
      message,
      status,
      outcome,
      this.charts.chart.element,
      python,
      this.charts.heads.element,
      errorLine,
    );
    this.setState('idle');
  }

  connected() {
    const signal = this.lifetime.signal;
    document.addEventListener('visibilitychange', () => this.followVisibility(), { signal });
    if (globalThis.ResizeObserver) {
      const observer = new ResizeObserver(() => this.scheduleRender()); // the chart follows the column's width
      observer.observe(this);
      signal.addEventListener('abort', () => observer.disconnect());
    }
    if (this.race) return;
    const unsupported = missingSupport();
    whenVisible(this, { signal })
      .then(() => this.loadRace(signal))
      .then(() => {
        if (signal.aborted || !this.race) return;
        this.link = hashState(this, 'grow', (text) => this.useHash(text), signal);
        if (unsupported) {
          this.lines.showMessage(unsupported);
          this.setAttribute('error', unsupported);
        }
        this.setState(unsupported ? 'unsupported' : this.state);
        this.render();
        this.setAttribute('ready', '');
      });
  }

  disconnected() {
    this.stopRace(); // a page left (instant navigation) stops its training
    if (!['idle', 'unsupported'].includes(this.state)) this.setState('idle');
  }

  themeChanged() {
    this.render();
    this.renderHeads();
  }

  async loadRace(signal) {
    const base = this.getAttribute('base') || 'artifacts/';
    const url = new URL('layer_race.json', new URL(base, document.baseURI)).href;
    try {
      this.race = readRace(await fetchJson(url, { signal }));
    } catch (err) {
      if (err.name === 'AbortError') return;
      this.lines.fail(this, `The race cannot be shown: ${err.message}`);
      this.controls.disable();
      this.shell.style.visibility = '';
      return;
    }
    this.controls.offer(this.race.spec);
    this.lines.introduce(introText(this.race.spec), pythonContext(this.race.python));
    this.shell.style.visibility = '';
  }

  /** Applies a permalink: fills the fields (one message if they are out of range). */
  useHash(text) {
    const parsed = parseGrowHash(text);
    if (!parsed) return false;
    this.controls.fill(parsed);
    const checked = checkSettings(parsed.seedText, parsed.layers, this.race.spec);
    if (checked.message) this.lines.showMessage(checked.message);
    else this.lines.hideMessage();
    return true;
  }

  // ---- the race ----

  start() {
    if (!this.race || this.state === 'unsupported') return;
    const { spec } = this.race;
    const checked = checkSettings(this.controls.seedText, this.controls.chosenLayers(spec), spec);
    if (checked.message) {
      this.lines.showMessage(checked.message);
      this.controls.focusSeed();
      return;
    }
    this.lines.hideMessage();
    this.removeAttribute('error');
    this.stopRace(); // the last request wins
    delete this.dataset.held;
    this.settings = checked;
    this.link?.save(formatGrowHash(checked));
    this.session = new RaceSession(checked.layers, this.race.threshold);
    this.charts.newRace();
    this.clearRace();
    this.runner = new GrowRace({
      spec,
      seed: checked.seed,
      layers: checked.layers,
      onMessage: (layers, message) => onWorkerMessage(this, layers, message),
    });
    this.setState('loading');
    this.lines.announce(`Loading TensorFlow.js and starting the race with seed ${checked.seed}…`);
    this.runner.start();
    this.render();
  }

  /** Everything a race showed, gone (before a new race, on Reset). */
  clearRace() {
    this.paused = false;
    this.autoPaused = false;
    this.charts.hideHeads();
    delete this.dataset.held;
    delete this.dataset.example;
    for (const name of this.getAttributeNames())
      if (name.startsWith('data-phase-')) this.removeAttribute(name);
  }

  get models() {
    return this.session?.models ?? [];
  }

  stopRace() {
    this.runner?.stop();
    this.runner = null;
  }

  togglePause() {
    if (!this.runner) return;
    if (this.paused) this.resumeRace();
    else this.pauseRace(false);
  }

  pauseRace(auto) {
    if (!this.runner || this.paused || !['loading', 'running'].includes(this.state)) return;
    this.paused = true;
    this.autoPaused = auto;
    this.runner.pause();
    this.setState('paused');
    this.lines.announce(pausedSentence(this.slowestStep(), this.autoPaused));
  }

  /** Every worker has stopped: the step shown, and said, becomes the one they hold at. */
  onHeld() {
    this.render();
    this.lines.announce(pausedSentence(this.slowestStep(), this.autoPaused));
    this.dataset.held = 'true';
  }

  resumeRace() {
    if (!this.runner || !this.paused) return;
    this.paused = false;
    this.autoPaused = false;
    this.session.resumed();
    delete this.dataset.held;
    this.runner.resume();
    this.setState(this.session.allReady() ? 'running' : 'loading');
    this.lines.announce(outcomeSentence(this.models));
  }

  followVisibility() {
    if (document.hidden) this.pauseRace(true);
    else if (this.autoPaused) this.resumeRace();
  }

  reset() {
    this.stopRace();
    this.session = null;
    this.clearRace();
    this.lines.hideMessage();
    if (this.state !== 'unsupported') this.removeAttribute('error');
    this.setState('idle');
    this.lines.announce('');
    this.render();
  }

  onEvaluation(model, { step, loss }) {
    const { found, showHeads } = this.session.evaluation(model.layers, step, loss);
    if (found) {
      this.setAttribute(`data-phase-${model.layers}`, String(model.phase));
      this.lines.announce(outcomeSentence(this.models));
    }
    if (showHeads) this.askAttention(this.charts.example); // every head, on a fresh example
    this.scheduleRender();
  }

  askAttention(number) {
    if (!this.runner) return;
    this.charts.example = number;
    this.runner.askAttention(number, EXAMPLE_ROWS);
  }

  onAttention(model, message) {
    if (this.charts.heard(model.layers, message)) this.renderHeads();
  }

  renderHeads() {
    if (this.charts.drawHeads(this.race, this.models.length, this.dark)) {
      this.dataset.example = String(this.charts.example);
    }
  }

  // ---- state -> DOM ----

  slowestStep() {
    return this.session?.slowestStep() ?? 0;
  }

  setState(state) {
    this.state = state;
    this.dataset.state = state;
    const live = Boolean(this.runner) && ['loading', 'running', 'paused'].includes(state);
    this.controls.show(state, { live, loaded: Boolean(this.race) });
  }

  scheduleRender() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = null;
      this.render();
    });
  }

  render() {
    if (!this.race) return;
    const step = this.slowestStep();
    this.dataset.step = String(step);
    this.dataset.speeds = this.session?.speeds() ?? '';
    this.lines.showStatus(
      this.models.length
        ? statusLine(
            step,
            this.race.spec.steps,
            this.models.map((m) => [m.layers, m.perSecond]),
          )
        : `Ready: seed ${this.controls.seedText.trim() || '0'}, ${formatCount(this.race.spec.steps)} steps. Press Start.`,
    );
    this.charts.drawLosses(this.race, this.models, this.clientWidth, this.dark);
  }
}

define('sprout-grow', SproutGrow);
export { SproutGrow };
