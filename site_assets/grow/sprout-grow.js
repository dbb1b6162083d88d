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
// Host: ready (spec read), error; data-state idle|loading|running|paused|finished|diverged|
// failed|unsupported; data-step (steps done by the slowest model); data-phase-<layers> (its
// phase change step, once it comes); data-speeds ("1:14.20 2:9.10": each model's training steps a
// second lately); data-held (paused, and every worker has stopped between two steps);
// data-example (the example whose attention the heads panel shows). Pure parts: grow/core.js, -text.js, -scores.js.
import { listOf } from '../common/attributes.js';
import { actionButton, el, shadowFrame, showErrorLine } from '../common/dom.js';
import { define, SproutElement } from '../common/element.js';
import { CHART_CSS, LossChart } from './chart.js';
import { checkSettings, formatGrowHash, optionalDepth, parseGrowHash, readRace, SEED_MAX } from './core.js';
import { HEADS_CSS, HeadsPanel } from './heads.js';
import { GrowRace, missingSupport } from './runner.js';
import { RaceSession } from './session.js';
import {
  divergedSentence,
  formatCount,
  introText,
  outcomeSentence,
  pythonContext,
  statusLine,
} from './text.js';
import { fetchJson, whenVisible } from '../common/load.js';
import { BASE_CSS, DARK_CSS } from '../common/styles.js';
import { hashState } from '../common/url-state.js';

const EXAMPLE_ROWS = 64;

const CSS = `${BASE_CSS}${DARK_CSS}
.seed-field input {
  width: 6rem; background: var(--bg); border: 1px solid var(--fg-lighter); border-radius: 0.2rem; padding: 0.1rem 0.35rem;
}
.controls button { min-width: 4.5rem; min-height: 2rem; }
.controls button:disabled { opacity: 0.55; cursor: default; }
.status { font-variant-numeric: tabular-nums; margin: 0.3rem 0; }
.outcome { font-weight: 600; margin: 0.3rem 0; min-height: 1.5em; }
.message { margin: 0.3rem 0; }
.python { margin: 0.2rem 0; }
${CHART_CSS}${HEADS_CSS}`;

class SproutGrow extends SproutElement {
  build() {
    const frame = shadowFrame(this, CSS);
    // unseen until the race's settings fill its sentences, so nothing visible moves when they do
    // (the host's min-height in chapter.css keeps the room); shown whatever the load's outcome
    this.shell = frame;
    frame.style.visibility = 'hidden';
    this.intro = el('p', 'hint');
    this.controls = this.buildControls();
    this.message = el('p', 'message error');
    this.message.setAttribute('role', 'alert');
    this.message.hidden = true;
    this.status = el('p', 'status');
    this.outcome = el('p', 'outcome');
    this.outcome.setAttribute('aria-live', 'polite');
    this.python = el('p', 'python hint');
    this.chart = new LossChart();
    this.heads = new HeadsPanel(() => this.askAttention(this.exampleNumber + 1));
    this.errorLine = el('p', 'error');
    this.errorLine.setAttribute('role', 'alert');
    this.errorLine.hidden = true;
    frame.append(
      this.intro,
      this.controls,
      this.message,
      this.status,
      this.outcome,
      this.chart.element,
      this.python,
      this.heads.element,
      this.errorLine,
    );
    this.setState('idle');
  }

  buildControls() {
    const controls = el('div', 'controls');
    const seedLabel = el('label', 'seed-field');
    this.seedInput = el('input', 'seed');
    Object.assign(this.seedInput, {
      type: 'text',
      inputMode: 'numeric',
      autocomplete: 'off',
      spellcheck: false,
    });
    this.seedInput.value = this.getAttribute('seed') ?? '0';
    seedLabel.append('Seed ', this.seedInput);
    this.thirdLabel = el('label', 'third-field');
    this.thirdBox = el('input', 'third');
    this.thirdBox.type = 'checkbox';
    this.thirdBox.checked = listOf(this.getAttribute('layers')).includes('3');
    this.thirdLabel.append(this.thirdBox, 'also 3 layers');
    this.thirdLabel.hidden = true;
    this.startButton = actionButton('start', 'Start', () => this.start());
    this.pauseButton = actionButton('pause', 'Pause', () => this.togglePause());
    this.resetButton = actionButton('reset', 'Reset', () => this.reset());
    this.seedInput.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') this.start();
    });
    controls.append(seedLabel, this.thirdLabel, this.startButton, this.pauseButton, this.resetButton);
    return controls;
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
        if (unsupported) this.showMessage(unsupported);
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
      showErrorLine(this, this.errorLine, `The race cannot be shown: ${err.message}`);
      this.startButton.disabled = true;
      this.shell.style.visibility = '';
      return;
    }
    const spec = this.race.spec;
    this.thirdLabel.hidden = !optionalDepth(spec);
    this.intro.textContent = introText(spec);
    this.python.textContent = pythonContext(this.race.python);
    this.seedInput.title = `a whole number from 0 to ${SEED_MAX}`;
    this.shell.style.visibility = '';
  }

  /** Applies a permalink: fills the fields (one message if they are out of range). */
  useHash(text) {
    const parsed = parseGrowHash(text);
    if (!parsed) return false;
    this.seedInput.value = parsed.seedText;
    this.thirdBox.checked = parsed.layers.includes(3);
    const checked = checkSettings(parsed.seedText, parsed.layers, this.race.spec);
    if (checked.message) this.showMessage(checked.message);
    else this.hideMessage();
    return true;
  }

  chosenLayers() {
    const third = optionalDepth(this.race.spec);
    return third && this.thirdBox.checked ? [1, 2, third] : [1, 2];
  }

  // ---- the race ----

  start() {
    if (!this.race || this.state === 'unsupported') return;
    const checked = checkSettings(this.seedInput.value, this.chosenLayers(), this.race.spec);
    if (checked.message) {
      this.showMessage(checked.message);
      this.seedInput.focus();
      return;
    }
    this.hideMessage();
    this.stopRace(); // the last request wins
    delete this.dataset.held;
    this.settings = checked;
    this.link?.save(formatGrowHash(checked));
    this.session = new RaceSession(checked.layers, this.race.threshold);
    this.attentionSeen = new Map();
    this.exampleNumber = 0;
    this.clearRace();
    this.runner = new GrowRace({
      spec: this.race.spec,
      seed: checked.seed,
      layers: checked.layers,
      onMessage: (layers, message) => this.onWorker(layers, message),
    });
    this.setState('loading');
    this.announce(`Loading TensorFlow.js and starting the race with seed ${checked.seed}…`);
    this.runner.start();
    this.render();
  }

  /** Everything a race showed, gone (before a new race, on Reset). */
  clearRace() {
    this.paused = false;
    this.autoPaused = false;
    this.heads.element.hidden = true;
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
    this.announce(this.pausedSentence());
  }

  pausedSentence() {
    return `Paused at step ${formatCount(this.slowestStep())}${this.autoPaused ? ' while the page is hidden' : ''}.`;
  }

  /** Every worker has stopped: the step shown, and said, becomes the one they hold at. */
  onHeld() {
    this.render();
    this.announce(this.pausedSentence());
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
    this.announce(outcomeSentence(this.models));
  }

  followVisibility() {
    if (document.hidden) this.pauseRace(true);
    else if (this.autoPaused) this.resumeRace();
  }

  reset() {
    this.stopRace();
    this.session = null;
    this.clearRace();
    this.hideMessage();
    this.setState('idle');
    this.announce('');
    this.render();
  }

  onWorker(layers, message) {
    const session = this.session;
    const model = session?.model(layers);
    if (!model) return;
    if (message.type === 'ready') {
      model.ready = true;
      if (this.state === 'loading' && session.allReady()) {
        this.setState('running');
        this.announce(outcomeSentence(this.models));
      }
    } else if (message.type === 'holding') {
      model.holding = true;
      // the step it stopped at: progress reports are thinned out, and the pause lands between steps
      session.progress(layers, message.step, model.perSecond);
      if (this.paused && session.allHolding()) this.onHeld();
    } else if (message.type === 'progress') {
      session.progress(layers, message.step, message.perSecond);
      this.runner?.allow(session.slowestStep());
      this.scheduleRender();
    } else if (message.type === 'eval') {
      this.onEvaluation(model, message);
    } else if (message.type === 'attention') {
      this.onAttention(model, message);
    } else if (message.type === 'finished') {
      model.done = true;
      model.step = message.step;
      if (session.allDone()) {
        this.stopRace();
        this.setState('finished');
        this.announce(outcomeSentence(this.models, { finished: true, total: this.race.spec.steps }));
      }
      this.scheduleRender();
    } else if (message.type === 'diverged') {
      this.stopRace();
      this.setState('diverged');
      this.showMessage(divergedSentence(layers, message.step));
      this.render();
    } else if (message.type === 'error') {
      this.stopRace();
      this.setState('failed');
      this.showMessage(`The race stopped: ${message.message}. Press Reset to try again.`);
    }
  }

  onEvaluation(model, { step, loss }) {
    const { found, showHeads } = this.session.evaluation(model.layers, step, loss);
    if (found) {
      this.setAttribute(`data-phase-${model.layers}`, String(model.phase));
      this.announce(outcomeSentence(this.models));
    }
    if (showHeads) this.askAttention(this.exampleNumber); // every head, on a fresh example
    this.scheduleRender();
  }

  askAttention(number) {
    if (!this.runner) return;
    this.exampleNumber = number;
    this.runner.askAttention(number, EXAMPLE_ROWS);
  }

  onAttention(model, message) {
    if (message.number !== this.exampleNumber) return;
    this.attentionSeen.set(model.layers, { layers: model.layers, ...message });
    this.renderHeads();
  }

  renderHeads() {
    if (!this.attentionSeen?.size || !this.race) return;
    const seen = [...this.attentionSeen.values()].filter((m) => m.number === this.exampleNumber);
    if (seen.length === this.models.length) {
      this.heads.render(
        seen.sort((a, b) => a.layers - b.layers),
        this.race.spec,
        this.dark,
      );
      this.dataset.example = String(this.exampleNumber);
    }
  }

  // ---- state -> DOM ----

  slowestStep() {
    return this.session?.slowestStep() ?? 0;
  }

  setState(state) {
    this.state = state;
    this.dataset.state = state;
    const live = this.runner && ['loading', 'running', 'paused'].includes(state);
    this.pauseButton.disabled = !live;
    this.pauseButton.textContent = state === 'paused' ? 'Resume' : 'Pause';
    this.startButton.disabled = state === 'unsupported' || !this.race;
    this.resetButton.disabled = state === 'idle' || state === 'unsupported';
  }

  announce(text) {
    if (this.outcome.textContent !== text) this.outcome.textContent = text;
  }

  showMessage(text) {
    this.message.textContent = text;
    this.message.hidden = false;
  }

  hideMessage() {
    this.message.hidden = true;
    this.message.textContent = '';
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
    this.status.textContent = this.models.length
      ? statusLine(
          step,
          this.race.spec.steps,
          this.models.map((m) => [m.layers, m.perSecond]),
        )
      : `Ready: seed ${this.seedInput.value.trim() || '0'}, ${formatCount(this.race.spec.steps)} steps. Press Start.`;
    const curves = this.models.length
      ? this.models
      : [1, 2].map((layers) => ({ layers, points: [], phase: null }));
    const width = this.chart.element.clientWidth || this.clientWidth || 600;
    this.chart.render(this.race, curves, width, this.dark);
  }
}

define('sprout-grow', SproutGrow);
export { SproutGrow };
