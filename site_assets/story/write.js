// <sprout-story>'s "Write on": Sprout continues the reader's text by up to 64 tokens in the page's
// worker (writer.js), with the temperature, top-k and seed the reader sets and the heads switched
// off in the block. Tokens appear as they are written (each a span with data-written); selecting one
// shows its five likeliest alternatives and where its heads looked when it was chosen. Stop ends
// a write at once. The reader's text in the box is never changed.
import { el } from '../common/dom.js';
import { describeHeads, formatOffSegment } from '../heads/off.js';
import { settingsProblem } from './sampler.js';
import { DEFAULT_SETTINGS, endedSentence, readSettings } from './write-link.js';
import { MAX_NEW_TOKENS } from './writer.js';
import { WRITTEN_CSS, WrittenView, looksFromRows } from './written-view.js';

export const WRITE_CSS = `
.write-box { margin: 0.6rem 0; }
.write-settings { display: flex; flex-wrap: wrap; gap: 0.3rem 1rem; align-items: end; margin: 0.3rem 0; }
.write-settings label { display: flex; flex-direction: column; font-size: 0.9em; }
.write-settings input { width: 6.5rem; font: inherit; padding: 0.2rem; color: var(--fg); background: var(--bg);
  border: 1px solid var(--fg-lighter); border-radius: 0.2rem; }
${WRITTEN_CSS}
`;

export class StoryWriter {
  constructor(story) {
    this.story = story;
    this.view = new WrittenView({
      size: () => story.info,
      looks: (token, head) => this.looksOf(token, head),
      onWhich: (index) => story.whichOfWritten(this.textUpTo(index), this.view.prompt.length + index),
    });
    this.element = this.build();
  }

  build() {
    const box = el('section', 'write-box');
    box.setAttribute('aria-labelledby', 'write-title');
    const title = el('h4', '', 'Write on');
    title.id = 'write-title';
    const hint = el(
      'p',
      'hint',
      `Sprout continues your text by up to ${MAX_NEW_TOKENS} tokens, with the heads switched off below ` +
        'kept off. The same settings write the same words in every browser. Select a written token ' +
        'to see its five likeliest alternatives and where its heads looked.',
    );
    const settings = el('div', 'write-settings');
    const field = (label, name, attrs) => {
      const wrap = el('label', '', label);
      const input = el('input', `write-${name}`);
      input.type = 'number';
      input.inputMode = 'decimal';
      for (const [k, v] of Object.entries(attrs)) input.setAttribute(k, v);
      wrap.append(input);
      settings.append(wrap);
      return input;
    };
    this.temperature = field('Temperature (0: always the likeliest)', 'temperature', {
      min: 0,
      max: 2,
      step: 0.1,
      value: DEFAULT_SETTINGS.temperature,
    });
    this.topK = field('Top-k', 'top-k', { min: 1, max: 4096, step: 1, value: DEFAULT_SETTINGS.topK });
    this.seed = field('Seed', 'seed', { min: 0, step: 1, value: DEFAULT_SETTINGS.seed });
    this.writeButton = el('button', 'write primary', 'Write');
    this.writeButton.type = 'button';
    this.writeButton.addEventListener('click', () => this.write());
    this.stopButton = el('button', 'stop-writing', 'Stop');
    this.stopButton.type = 'button';
    this.stopButton.disabled = true;
    this.stopButton.addEventListener('click', () => this.stop());
    settings.append(this.writeButton, this.stopButton);
    this.status = el('p', 'write-status');
    this.status.setAttribute('role', 'status');
    this.output = this.view.output;
    box.append(title, hint, settings, this.status, this.view.output, this.view.detail);
    return box;
  }

  /** Settings from a link, shown in the boxes. */
  setSettings({ temperature, topK, seed }) {
    this.temperature.value = String(temperature);
    this.topK.value = String(topK);
    this.seed.value = String(seed);
  }

  settings() {
    return readSettings({
      temperature: this.temperature.value,
      topK: this.topK.value,
      seed: this.seed.value,
    });
  }

  say(text) {
    this.status.textContent = text;
  }

  /** Write on from the text in the box (or `text`), with the heads off now. */
  async write(text = this.story.ui.text.value) {
    const story = this.story;
    if (this.writing) return;
    story.clearError();
    const settings = this.settings();
    if (!text.trim()) {
      this.say('There is no text to write on: type the start of a story first, then press Write.');
      return;
    }
    if (!story.info) await story.describeDownload();
    if (!story.info) return;
    const problem = settingsProblem(settings, story.info.vocab_size);
    if (problem) {
      this.say(problem);
      return;
    }
    this.writing = true;
    this.setBusy(true);
    this.say('Loading the model…');
    const runner = await story.loadModel();
    if (!runner) {
      this.say('');
      this.writing = false;
      this.setBusy(false);
      return;
    }
    const off = runner.switches.available ? story.headsOff.off : [];
    this.writtenOn = text;
    this.view.clear();
    this.say(off.length ? `Sprout is writing with ${describeHeads(off)} off…` : 'Sprout is writing…');
    const started = performance.now();
    let ended;
    try {
      ended = await runner.write({ text, off, settings }, (token) => this.add(token));
    } catch (err) {
      ended = { kind: 'problem', message: `Writing failed: ${err.message}` };
    }
    this.writing = false;
    this.setBusy(false);
    if (ended.kind === 'problem') {
      if (!this.tokens.length) this.view.clear();
      this.say(ended.message);
      return;
    }
    const seconds = (performance.now() - started) / 1000;
    this.say(endedSentence(ended.reason, this.tokens.length, seconds));
    this.written = { text, settings, offSegment: formatOffSegment(off) };
    story.setAttribute('written', String(this.tokens.length));
    story.links.shareWriting(this.written);
    story.dispatchEvent(
      new CustomEvent('sprout-story-written', {
        detail: { tokens: this.tokens.map((t) => t.token), reason: ended.reason, off },
      }),
    );
  }

  stop() {
    this.story.runner.stopWriting();
  }

  looksOf(token, head) {
    const { layers, heads } = this.story.info;
    return looksFromRows(layers, heads)(token, head);
  }

  setBusy(busy) {
    this.writeButton.disabled = busy;
    this.stopButton.disabled = !busy;
    this.story.ui.analyse.disabled = busy;
    this.story.toggleAttribute('writing', busy);
  }

  /** One token as it is written (the first brings the text's tokens). */
  add(token) {
    token.arrived = performance.now(); // benchmarks/browser_writing.py reads the pace
    if (token.index === 0 && token.prompt) this.view.start(token.prompt);
    this.view.add(token);
  }

  get tokens() {
    return this.view.tokens;
  }

  /** The text written on and what Sprout wrote after it, up to written token `index`. */
  textUpTo(index) {
    return (
      this.writtenOn +
      this.tokens
        .slice(0, index + 1)
        .map((t) => t.token)
        .join('')
    );
  }
}
