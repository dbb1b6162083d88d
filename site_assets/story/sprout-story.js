// <sprout-story>: "Try your own story". The reader types a story and presses Analyse; Sprout
// runs in a Web Worker (onnxruntime-web, WebAssembly, one thread) from the site's own files and
// the page shows how surprised Sprout is at each token, W2's token view, W5's 48 heads, the
// top-5 next tokens at the chosen token and the head-type scores of the reader's text. Each head
// can be switched off (alone or as the chapter's presets): the story then runs again and the
// page shows, beside Sprout whole, the guesses and the per-token loss without those heads.
// Nothing is downloaded before the reader asks.
//
// <sprout-story base="../artifacts/browser/" artifacts="../artifacts/"></sprout-story>
// base holds model.json, sprout.onnx and tokenizer.json (build_artifacts/browser_model.py);
// artifacts (default: base's parent) holds stats.json, ablations.json, head_scores.json (the
// presets) and examples/ (the chapter's stories that "try it" links open).
// heading-level (default 4): the level of the block's headings, one under the page's heading above.
// Deep links: #story=<layer>/<head>/<token>/[off-5.4-5.6/]<compressed text> (core.js),
// and #story=<example>/<preset>, e.g. #story=zorbin/induction: that chapter story, those heads off;
// beside either, &guess=<token> selects that token and removes each head from its guess
// ("Which heads made this guess", which-heads.js).
// Its parts: the template (template.js), the words (text.js), the two lists (guesses.js), the
// links (links.js), the heads switched off (heads-off.js); this file composes them.
import { unpackAttention } from '../common/attention-data.js';
import { clampInt } from '../common/attributes.js';
import { define, SproutElement } from '../common/element.js';
import { isBlank, sentence } from '../common/format.js';
import { fetchJson, whenVisible } from '../common/load.js';
import { RUNTIME_INFO, StoryRunner } from './runner.js';
import { formatOffSegment } from '../heads/off.js';
import { Gpt1Comparison } from './gpt1.js';
import { SurpriseView } from './surprise.js';
import { STORY_NAME, TEMPLATE, storyParts } from './template.js';
import { analysedSentence, downloadSentence, formatBytes, headScoresOf, summaryOf } from './text.js';
import { renderGuesses, renderKinds } from './guesses.js';
import { StoryHeadsOff } from './heads-off.js';
import { StoryLinks } from './links.js';
import { StoryWriter } from './write.js';
import { WhichHeadsView, directOf } from './which-heads.js';
import { hashWriter } from '../common/url-state.js';
import '../explorer/sprout-explorer.js';
import '../heads/sprout-heads.js';

// the page's widgets that show the example stories (not the ones inside this block's shadow root)
const OTHER_FIGURES = 'sprout-explorer, sprout-heads, sprout-window';
const GUESS_KEY = 'guess'; // links.js reads it
const OTHERS_STILL_WORK = 'The example stories on this page still work.';

export class SproutStory extends SproutElement {
  // its caption on paper (build_site/pdf.py pictures the widget; a widget without one stops the PDF)
  static printCaption = 'Try your own story: Sprout reads a story of yours in the page.';

  build() {
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML = TEMPLATE; // static template, no data
    this.ui = storyParts(root);
    this.headsOff = new StoryHeadsOff(this);
    this.surprise = new SurpriseView();
    this.ui.switchesBox.after(this.surprise.element);
    this.which = new WhichHeadsView({
      onMeasure: (token) => this.removeEach(token),
      onSwitchOff: (heads) => this.switchOffTogether(heads),
    });
    root.querySelector('.predictions').after(this.which.element);
    this.guessHash = hashWriter(); // the guess whose removals are shown, beside the story's link
    this.writer = new StoryWriter(this);
    this.ui.link.after(this.writer.element);
    this.levelHeadings();
    this.runner = new StoryRunner({
      onProgress: (loaded, total) => {
        this.ui.progress.value = Math.min(1, loaded / total);
        this.setStatus(`Downloading the model: ${formatBytes(loaded)} of ${formatBytes(total)}…`);
      },
    });
    this.ui.analyse.addEventListener('click', () => this.analyse(false));
    this.ui.first.addEventListener('click', () => this.analyse(true));
    this.ui.share.addEventListener('click', () => this.links.share(true));
    this.ui.explorer.addEventListener('sprout-query', (e) => this.onQuery(e.detail));
    this.ui.kinds.addEventListener('click', (e) => {
      const button = e.target.closest('button');
      if (button)
        this.ui.heads.select({ layer: Number(button.dataset.layer), head: Number(button.dataset.head) });
    });
    this.ui.text.addEventListener('input', () => {
      this.ui.offer.hidden = true;
    });
    this.links = new StoryLinks(this);
  }

  /** The block's headings sit one level under the page's heading above the element. */
  levelHeadings() {
    const level = clampInt(this.getAttribute('heading-level'), 2, 5, 4);
    this.shadowRoot.querySelectorAll('h4').forEach((h) => h.setAttribute('aria-level', String(level)));
    this.shadowRoot.querySelectorAll('h5').forEach((h) => h.setAttribute('aria-level', String(level + 1)));
  }

  connected() {
    // the two small files with the sizes wait until the block is near the viewport
    whenVisible(this, { signal: this.lifetime.signal }).then(() => this.describeDownload());
    this.links.listen(this.lifetime.signal);
  }

  themeChanged(dark) {
    this.surprise.setDark(dark);
    this.which.setDark(dark);
    this.versus?.setDark(dark);
  }

  disconnected() {
    this.guessHash.cancel();
    this.runner.stopWriting();
    this.links.cancel();
    this.runner.stop();
    this.versus?.stop();
  }

  base() {
    const base = this.getAttribute('base') || './';
    return new URL(base.endsWith('/') ? base : `${base}/`, document.baseURI);
  }

  artifactsBase() {
    const given = this.getAttribute('artifacts');
    if (!given) return new URL('../', this.base());
    return new URL(given.endsWith('/') ? given : `${given}/`, document.baseURI);
  }

  // --- what would be downloaded ----------------------------------------------------------

  /** The sizes, from two small JSON files, before anything large is fetched. */
  async describeDownload() {
    try {
      [this.info, this.runtime] = await Promise.all([
        this.info || fetchJson(new URL('model.json', this.base())),
        this.runtime || fetchJson(RUNTIME_INFO),
      ]);
      this.ui.size.textContent = downloadSentence(this.info, this.runtime);
      this.setAttribute('ready', '');
    } catch (err) {
      this.ui.size.textContent = '';
      this.fail(`The model is not available on this site (${err.message}).`);
    }
  }

  /** A reader switched heads: the story, if there is one, runs again with those heads off. */
  runAgain() {
    if (this.text === undefined) return;
    this.request(this.text, this.truncated, null);
  }

  /** The worker with the model loaded (downloaded the first time), and the switch board ready. */
  async startRunner() {
    if (!this.runner.loading) {
      this.ui.progress.hidden = false;
      this.ui.progress.value = 0;
    }
    const runner = await this.runner.start(
      this.info,
      this.runtime,
      new URL(this.info.file, this.base()).href,
      new URL(this.info.tokenizer, this.base()).href,
    );
    this.ui.progress.hidden = true;
    this.loadSeconds = runner.loadSeconds;
    this.headsOff.prepare(runner.switches);
    return runner;
  }

  /** startRunner for "Write on": the runner, or null when the model cannot load (said in one line). */
  async loadModel() {
    if (!this.info || !this.runtime) await this.describeDownload();
    if (!this.info || !this.runtime) return null;
    try {
      return await this.startRunner();
    } catch (err) {
      this.ui.progress.hidden = true;
      this.fail(`${err.message} The example stories above still work.`);
      return null;
    }
  }

  // --- analysing ---------------------------------------------------------------------------

  async analyse(truncate, selection = null) {
    const text = this.ui.text.value;
    if (!selection && this.pendingSelection?.text === text) selection = this.pendingSelection;
    this.pendingSelection = null;
    this.ui.offer.hidden = true;
    this.clearError();
    if (isBlank(text)) {
      this.setStatus('Type or paste a story first, then press Analyse.');
      this.ui.text.focus();
      return;
    }
    await this.request(text, truncate, selection);
  }

  /** Run `text` (every head on, and again with the heads off now): the last request wins. */
  async request(text, truncate, selection) {
    if (!this.info || !this.runtime) await this.describeDownload();
    if (!this.info || !this.runtime) return;
    const started = performance.now();
    let answer;
    try {
      const runner = await this.startRunner();
      const off = runner.switches.available ? this.headsOff.off : [];
      this.setStatus(
        off.length ? 'Sprout is reading your story with those heads off…' : 'Sprout is reading your story…',
      );
      this.setAttribute('busy', '');
      answer = await runner.run({ text, truncate, off });
    } catch (err) {
      this.ui.progress.hidden = true;
      this.removeAttribute('busy');
      this.setStatus('');
      this.fail(err.message);
      return;
    }
    if (answer.kind === 'stale') return; // a newer request is on its way
    this.removeAttribute('busy');
    if (answer.kind === 'too-long') {
      this.setStatus(
        `Your story is ${answer.count.toLocaleString('en')} tokens long; Sprout reads at most ${answer.limit} after ◆.`,
      );
      this.ui.offer.hidden = false;
      return;
    }
    this.showResult(answer, text, selection, started);
  }

  showResult({ intact, switched }, text, selection, started) {
    const fresh = this.result !== intact;
    this.result = intact;
    this.switched = switched;
    this.text = text;
    this.truncated = intact.truncated;
    if (fresh) {
      this.showStoryViews(intact, selection);
      this.offerGpt1()?.compare({ text, tokens: intact.tokens, losses: intact.losses });
    }
    const seconds = (performance.now() - started) / 1000;
    this.lastSeconds = {
      view: seconds,
      model: switched ? switched.seconds.model : intact.seconds.model,
      pack: fresh ? intact.seconds.pack : 0,
      worker: switched ? switched.seconds.total + (fresh ? intact.seconds.total : 0) : intact.seconds.total,
    };
    this.showComparison();
    this.setStatus(analysedSentence(intact, seconds, switched?.off));
    this.ui.share.disabled = false;
    this.setAttribute('analysed', '');
    this.setAttribute('data-heads-off', formatOffSegment(switched?.off ?? []) || 'none');
    this.dispatchEvent(
      new CustomEvent('sprout-story-analysed', { detail: { seconds, off: switched?.off ?? [] } }),
    );
  }

  /** Sprout against gpt-1, offered when model.json names gpt-1's file (fetched only on request). */
  offerGpt1() {
    const name = this.info.comparison?.gpt1;
    if (!name) return null;
    if (!this.versus) {
      this.versus = new Gpt1Comparison({
        infoUrl: new URL(name, this.base()).href,
        runtime: this.runtime,
        base: this.base(),
        dark: this.dark,
      });
      this.shadowRoot.querySelector('.kinds-box').before(this.versus.element);
      this.levelHeadings();
      this.versus.describe();
    }
    return this.versus;
  }

  /** A new story: W2, W5, the head-type scores (all from Sprout with every head on). */
  showStoryViews(m, selection) {
    const maps = unpackAttention(m.attention, m.layers, m.heads, m.T);
    const data = { id: STORY_NAME, title: 'Your story', tokens: m.tokens, ids: m.ids, marks: {}, maps };
    this.ui.results.hidden = false;
    const { explorer, heads } = this.ui;
    explorer.showStory(data, STORY_NAME);
    heads.showStory(data, STORY_NAME);
    const headScores = headScoresOf(m);
    heads.setHeadScores(headScores);
    renderKinds(this.ui.kinds, m, headScores.models.sprout.top);
    const sel = selection;
    const guess = this.pendingGuess;
    this.pendingGuess = null;
    const token = guess >= 1 && guess < m.T ? guess : (sel?.token ?? m.T - 1);
    explorer.select(sel ? { layer: sel.layer, head: sel.head, token } : { token });
    if (sel) heads.select({ layer: sel.layer, head: sel.head });
    if (token === guess) this.removeEach(guess);
  }

  /** The loss strip, the one-line summary and the guesses, Sprout whole beside Sprout switched. */
  showComparison() {
    const intact = this.result;
    const switched = this.switched;
    this.surprise.setDark(this.dark);
    this.surprise.show({
      tokens: intact.tokens,
      vocab: this.info.vocab_size,
      intact: intact.losses,
      switched: switched?.losses ?? null,
    });
    this.ui.viewsNote.hidden = !switched;
    const canSwitch = this.runner.switches?.available;
    this.ui.summary.textContent = switched
      ? summaryOf(this.result, switched, this.info.layers * this.info.heads)
      : canSwitch
        ? 'Every head is on.'
        : '';
    if (this.selectionNow) this.onQuery(this.selectionNow);
  }

  /** W2's query changed: the top-5 next tokens there (with heads off beside them), the heads
   * that made the guess of that token, and the link. */
  onQuery({ layer, head, token }) {
    if (!this.result) return;
    renderGuesses(this.ui, this.result, this.switched, token);
    if (this.selectionNow?.token !== token || this.which.shownFor !== this.result) this.showGuess(token);
    this.selectionNow = { layer, head, token };
    this.links.share(false);
  }

  // --- which heads made this guess ----------------------------------------------------------

  /** The guess of token `token` of the story with every head on: its direct effects at once. */
  showGuess(token) {
    const m = this.result;
    this.which.shownFor = m;
    this.guessHash.write(GUESS_KEY, null); // until its removals are shown
    if (!m.direct) {
      this.which.element.hidden = true; // a model file older than the guesses' outputs
      return;
    }
    this.which.select({
      tokens: m.tokens,
      token,
      layers: m.layers,
      heads: m.heads,
      logprob: -m.losses[token],
      direct: token >= 1 ? directOf(m.direct, m.layers, m.heads, m.T, token) : null,
    });
  }

  /** Each head removed alone from the guess of token `token` (48 runs, shared by the removal pool). */
  async removeEach(token) {
    const result = this.result;
    this.which.say('Removing each head in turn…');
    this.which.setBusy(true);
    let answer;
    try {
      const total = this.info.layers * this.info.heads;
      answer = await this.runner.removeEach(result, token, (done) =>
        this.which.say(`Removing each head in turn: ${done} of ${total}…`),
      );
    } catch (err) {
      this.which.say(`The removals failed: ${err.message}`);
      return;
    } finally {
      this.which.setBusy(false);
    }
    if (answer.kind !== 'removals' || this.result !== result || answer.key !== result.key) return;
    this.which.showRemoval(token, answer.removal, answer.seconds);
    this.guessHash.write(GUESS_KEY, String(token));
    this.links.share(false); // the link box, if shown, carries the guess too
  }

  /** A written token's guess: the text up to it becomes the story, read with that token selected. */
  whichOfWritten(text, token) {
    this.ui.text.value = text;
    this.pendingGuess = token;
    this.analyse(false);
  }

  /** "Switch these off together": those heads' switches off, and the story runs again. */
  switchOffTogether(heads) {
    this.headsOff.set(heads);
    this.runAgain();
  }

  // --- messages ------------------------------------------------------------------------------

  setStatus(text) {
    this.ui.status.textContent = text;
  }

  /** One line in the block and in the host's `error` attribute; on the chapter's page it adds that
   * the other figures, which need no model, still work (a page elsewhere may have none). */
  fail(message) {
    const text = sentence(message);
    const others = document.querySelector(OTHER_FIGURES) ? ` ${OTHERS_STILL_WORK}` : '';
    this.ui.error.hidden = false;
    this.ui.error.textContent = `${text}${others}`;
    this.setAttribute('error', text);
  }

  failSwitches(message) {
    this.ui.switchError.hidden = false;
    this.ui.switchError.textContent = message;
  }

  clearError() {
    this.ui.error.hidden = true;
    this.removeAttribute('error');
  }
}

define('sprout-story', SproutStory);
