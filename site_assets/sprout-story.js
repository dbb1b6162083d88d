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
// Deep links: #story=<layer>/<head>/<token>/[off-5.4-5.6/]<compressed text> (sprout-story-core.js),
// and #story=<example>/<preset>, e.g. #story=zorbin/induction: that chapter story, those heads off.
import { unpackAttention } from './sprout-attention-data.js';
import { clampInt } from './sprout-attributes.js';
import { el } from './sprout-dom.js';
import { define, SproutElement } from './sprout-element.js';
import { exampleUrl, loadExample } from './sprout-examples.js';
import { formatPercent, quoted } from './sprout-format.js';
import { fetchJson, whenVisible } from './sprout-load.js';
import { BASE_CSS } from './sprout-styles.js';
import { hashWriter, parseHashState, scrollIntoViewSettled } from './sprout-url-state.js';
import { SHARE_LIMIT, START_GLYPH, decodeShare, encodeShare } from './sprout-story-core.js';
import { changeSentence } from './sprout-story-change.js';
import { RUNTIME_INFO, StoryRunner } from './sprout-story-runner.js';
import { chapterPresets, describeHeads, formatOffSegment, parseOffSegment } from './sprout-heads-off.js';
import { HeadSwitchBoard, SWITCHES_CSS } from './sprout-head-switches.js';
import { GPT1_CSS, Gpt1Comparison } from './sprout-story-gpt1.js';
import { SURPRISE_CSS, SurpriseView } from './sprout-surprise.js';
import './sprout-explorer.js';
import './sprout-heads.js';
import { topHeads } from './sprout-head-scores.js';

const HASH_KEY = 'story';
const STORY_NAME = 'yours';
const MAX_CHARACTERS = 20000;
const PRESET_NAMES = {
  induction: 'the induction heads',
  tom: 'the Tom head',
  previous: 'the previous-token head',
};
// "#story=zorbin/induction": a chapter story with a preset's heads off ("all": every head on), or
// with the heads a link lists ("#story=zorbin/off-5.4-5.6": W5's switches)
const TRY_IT = /^([a-z0-9_]+)\/(induction|tom|previous|all|off(?:-[^/]*)?)$/;

/** 31966540 -> "32.0 MB" */
export function formatBytes(bytes) {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

const CSS = `${BASE_CSS}
label.story-label { font-weight: 600; display: block; margin-bottom: 0.2rem; }
textarea {
  width: 100%; min-height: 7rem; font: inherit; font-size: 0.95rem; padding: 0.4rem;
  color: var(--fg); background: var(--bg); border: 1px solid var(--fg-lighter); border-radius: 0.2rem;
}
button.primary { font-weight: 600; border-color: var(--primary); }
progress { width: 100%; max-width: 24rem; height: 0.8rem; }
.status { min-height: 1.5em; margin: 0.3rem 0; }
.predictions ol { margin: 0.2rem 0 0.4rem 1.4rem; padding: 0; }
.predictions li { font-variant-numeric: tabular-nums; }
.kinds { margin: 0.2rem 0 0.4rem 1.2rem; padding: 0; }
.kinds button { margin: 0 0.2rem; }
h4 { margin: 0.8rem 0 0.2rem; font-size: 1em; }
.share-link { width: 100%; font-size: 0.8em; }
.guesses { display: flex; flex-wrap: wrap; gap: 0.2rem 2rem; }
.guesses h5 { margin: 0.2rem 0 0; font-size: 0.95em; font-weight: 600; }
.change-summary { font-weight: 600; min-height: 1.5em; margin: 0.3rem 0; }
${SWITCHES_CSS}
${SURPRISE_CSS}
${GPT1_CSS}
`;

const TEMPLATE = `
<style>${CSS}</style>
<div class="frame" part="frame">
  <label class="story-label" for="text">Your story</label>
  <textarea id="text" class="text" maxlength="${MAX_CHARACTERS}" spellcheck="false"
            aria-describedby="about"></textarea>
  <p class="hint" id="about">Sprout reads at most 511 tokens after ◆ (roughly 2,000 characters
    of simple English). It runs in your browser: your text goes nowhere.</p>
  <div class="controls">
    <button type="button" class="analyse primary">Analyse</button>
    <button type="button" class="share" disabled>Copy a link to this story</button>
  </div>
  <p class="size hint"></p>
  <progress class="progress" max="1" value="0" hidden aria-label="Downloading the model"></progress>
  <p class="status" role="status"></p>
  <p class="offer" hidden><button type="button" class="first">Analyse the first 511 tokens</button></p>
  <p class="error story-error" role="alert" hidden></p>
  <p class="error switch-error" role="alert" hidden></p>
  <input class="share-link" readonly hidden aria-label="Link to this story">
  <div class="results" hidden>
    <section class="switches-box" aria-labelledby="switches-title">
      <h4 id="switches-title">Switch heads off</h4>
      <p class="hint">A head switched off gives its average output instead, as the chapter's removals
        do; the story then runs again, and each view below compares Sprout without those heads with
        Sprout whole.</p>
      <p class="change-summary" aria-live="polite"></p>
    </section>
    <p class="views-note hint" hidden>The token view and the 48 maps below show Sprout with every head on.</p>
    <sprout-explorer class="explorer" source="page" hash="off" group="own-story" examples="${STORY_NAME}"></sprout-explorer>
    <section class="predictions" aria-live="polite">
      <h4 class="predictions-title"></h4>
      <div class="guesses">
        <div class="guesses-intact"><h5 class="guesses-intact-title" hidden>Every head on</h5>
          <ol class="predictions-list"></ol></div>
        <div class="guesses-switched" hidden><h5 class="guesses-switched-title"></h5>
          <ol class="predictions-switched"></ol></div>
      </div>
      <p class="predictions-actual hint"></p>
    </section>
    <section class="kinds-box">
      <h4>Head types in your story</h4>
      <ul class="kinds"></ul>
    </section>
    <sprout-heads class="heads" source="page" hash="off" group="own-story" examples="${STORY_NAME}"
                  highlight="previous_token"></sprout-heads>
  </div>
</div>`;

const KIND_TEXT = {
  previous_token: (n) => `mean weight on the token just before, over your story's ${n} tokens after ◆`,
  first_token: (n) => `mean weight on ◆, over your story's ${n} tokens after ◆`,
  induction: (n) =>
    `mean weight on the token after an earlier copy, over the ${n} tokens of your story that repeat an earlier stretch`,
};
const KIND_LABEL = {
  previous_token: 'Previous-token',
  first_token: 'First-token (◆)',
  induction: 'Induction',
};

export class SproutStory extends SproutElement {
  build() {
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML = TEMPLATE; // static template, no data
    const $ = (s) => root.querySelector(s);
    this.ui = {
      text: $('.text'),
      analyse: $('.analyse'),
      share: $('.share'),
      size: $('.size'),
      progress: $('.progress'),
      status: $('.status'),
      offer: $('.offer'),
      first: $('.first'),
      error: $('.story-error'),
      link: $('.share-link'),
      results: $('.results'),
      switchesBox: $('.switches-box'),
      switchError: $('.switch-error'),
      summary: $('.change-summary'),
      viewsNote: $('.views-note'),
      explorer: $('.explorer'),
      heads: $('.heads'),
      predTitle: $('.predictions-title'),
      predList: $('.predictions-list'),
      predIntactTitle: $('.guesses-intact-title'),
      predSwitchedBox: $('.guesses-switched'),
      predSwitchedTitle: $('.guesses-switched-title'),
      predSwitched: $('.predictions-switched'),
      predActual: $('.predictions-actual'),
      kinds: $('.kinds'),
    };
    this.off = [];
    this.surprise = new SurpriseView();
    this.ui.switchesBox.after(this.surprise.element);
    this.levelHeadings();
    this.runner = new StoryRunner({
      onProgress: (loaded, total) => {
        this.ui.progress.value = Math.min(1, loaded / total);
        this.setStatus(`Downloading the model: ${formatBytes(loaded)} of ${formatBytes(total)}…`);
      },
    });
    this.ui.analyse.addEventListener('click', () => this.analyse(false));
    this.ui.first.addEventListener('click', () => this.analyse(true));
    this.ui.share.addEventListener('click', () => this.share(true));
    this.ui.explorer.addEventListener('sprout-query', (e) => this.onQuery(e.detail));
    this.ui.kinds.addEventListener('click', (e) => {
      const button = e.target.closest('button');
      if (button)
        this.ui.heads.select({ layer: Number(button.dataset.layer), head: Number(button.dataset.head) });
    });
    this.ui.text.addEventListener('input', () => {
      this.ui.offer.hidden = true;
    });
    this.hash = hashWriter();
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
    const signal = this.lifetime.signal;
    window.addEventListener('hashchange', () => this.openLink(), { signal });
    // a "try it" link naming the hash the page already has fires no hashchange: follow it here
    document.addEventListener(
      'click',
      (event) => {
        const link = event.target.closest?.('a[href*="#story="]');
        if (link && new URL(link.href, location.href).hash === location.hash) this.openLink(true);
      },
      { signal },
    );
    this.openLink();
  }

  themeChanged(dark) {
    this.surprise.setDark(dark);
    this.versus?.setDark(dark);
  }

  disconnected() {
    this.hash.cancel();
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
      this.ui.size.textContent =
        `The first analysis downloads Sprout (${formatBytes(this.info.bytes)}) and its ` +
        `runtime (${formatBytes(this.runtime.bytes)}), ${formatBytes(this.info.bytes + this.runtime.bytes)} in all; ` +
        'your browser keeps them for later visits.';
    } catch (err) {
      this.ui.size.textContent = '';
      this.fail(
        `The model is not available on this site (${err.message}). The example stories above still work.`,
      );
    }
  }

  /** The chapter's presets, from its artifacts (fetched once, with the model). */
  loadPresets() {
    this.presetsLoading ||= Promise.all(
      ['stats.json', 'ablations.json', 'head_scores.json'].map((name) =>
        fetchJson(new URL(name, this.artifactsBase())),
      ),
    ).then(([stats, ablations, headScores]) => {
      this.presets = chapterPresets({ stats, ablations, headScores }, this.info.layers, this.info.heads);
      this.board?.setPresets(this.presets);
      return this.presets;
    });
    this.presetsLoading.catch(() => {
      this.presetsLoading = null;
    });
    return this.presetsLoading;
  }

  // --- the switches ------------------------------------------------------------------------

  /** The switch board, once the model's size is known and the model has said it can switch heads. */
  prepareSwitches(switches) {
    if (!this.board) {
      this.board = new HeadSwitchBoard({
        layers: this.info.layers,
        heads: this.info.heads,
        onChange: (off) => this.switchHeads(off),
      });
      this.ui.summary.before(this.board.element);
      this.loadPresets().catch((err) =>
        this.setStatus(
          `The chapter's presets could not be loaded (${err.message}); each head still switches.`,
        ),
      );
    }
    this.board.setEnabled(switches.available);
    if (!switches.available) {
      this.off = [];
      this.failSwitches(
        `This model file cannot switch heads off (${switches.problem}). The story is shown with every head on.`,
      );
    }
    this.board.setOff(this.off);
  }

  switchHeads(off) {
    this.off = off;
    if (this.text === undefined) return;
    this.request(this.text, this.truncated, null);
  }

  // --- analysing ---------------------------------------------------------------------------

  async analyse(truncate, selection = null) {
    const text = this.ui.text.value;
    if (!selection && this.pendingSelection?.text === text) selection = this.pendingSelection;
    this.pendingSelection = null;
    this.ui.offer.hidden = true;
    this.clearError();
    if (!text.trim()) {
      this.setStatus('Type or paste a story first, then press Analyse.');
      this.ui.text.focus();
      return;
    }
    await this.request(text, truncate, selection);
  }

  /** Run `text` (every head on, and again with this.off off): the last request wins. */
  async request(text, truncate, selection) {
    if (!this.info || !this.runtime) await this.describeDownload();
    if (!this.info || !this.runtime) return;
    const started = performance.now();
    let answer;
    try {
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
      this.prepareSwitches(runner.switches);
      const off = runner.switches.available ? this.off : [];
      this.setStatus(
        off.length ? 'Sprout is reading your story with those heads off…' : 'Sprout is reading your story…',
      );
      this.setAttribute('busy', '');
      answer = await runner.run({ text, truncate, off });
    } catch (err) {
      this.ui.progress.hidden = true;
      this.removeAttribute('busy');
      this.setStatus('');
      this.fail(`${err.message} The example stories above still work.`);
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
    this.setStatus(
      `${intact.truncated ? 'The first 511 tokens' : `All ${intact.T - 1} tokens`} after ${START_GLYPH} analysed ` +
        `in ${seconds.toFixed(1)} s${switched ? ` with ${describeCount(switched.off)} off` : ''}.`,
    );
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
    const headScores = this.headScoresOf(m.scores, m.T);
    heads.setHeadScores(headScores);
    this.renderKinds(m.scores, m.T, headScores.models.sprout.top);
    const sel = selection;
    explorer.select(sel ? { layer: sel.layer, head: sel.head, token: sel.token } : { token: m.T - 1 });
    if (sel) heads.select({ layer: sel.layer, head: sel.head });
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
    this.ui.summary.textContent = switched ? this.summaryOf(switched) : canSwitch ? 'Every head is on.' : '';
    if (this.selectionNow) this.onQuery(this.selectionNow);
  }

  summaryOf(switched) {
    const all = this.info.layers * this.info.heads;
    const sentence = changeSentence(this.result.tokens, this.result.ids, this.result.losses, switched.losses);
    if (switched.off.length === all) {
      return (
        `All ${all} heads are off: every attention layer adds only its heads' average outputs, so ` +
        `Sprout guesses each next token from the current token alone. ${sentence}`
      );
    }
    return `With ${describeCount(switched.off)} off (${describeHeads(switched.off)}): ${sentence}`;
  }

  headScoresOf(scores, T) {
    const n = T - 1;
    const about = {
      previous_token: KIND_TEXT.previous_token(n),
      first_token: KIND_TEXT.first_token(n),
      induction: scores.induction
        ? KIND_TEXT.induction(scores.induction_queries)
        : 'none: your story repeats no stretch of two or more tokens',
    };
    const examples = { previous_token: scores.previous_token, first_token: scores.first_token };
    const repeats = scores.induction ? { induction: scores.induction } : {};
    const measured = { ...examples, ...repeats };
    const top = Object.fromEntries(
      Object.entries(measured).map(([kind, matrix]) => [kind, topHeads(matrix, 3)]),
    );
    return { about, models: { sprout: { examples, repeats, top } } };
  }

  /** Each kind's top three heads (`top`, as W5 lists them) as buttons that enlarge them in W5. */
  renderKinds(scores, T, top) {
    const items = ['previous_token', 'first_token', 'induction'].map((kind) => {
      const li = el('li');
      const matrix = scores[kind];
      if (!matrix) {
        li.textContent = `${KIND_LABEL[kind]}: not measured, your story repeats no stretch of two or more tokens.`;
        return li;
      }
      const n = kind === 'induction' ? scores.induction_queries : T - 1;
      li.append(`${KIND_LABEL[kind]} (${KIND_TEXT[kind](n)}): `);
      top[kind].forEach((c) => {
        const button = el('button', '', `layer ${c.layer}, head ${c.head}: ${c.score.toFixed(2)}`);
        button.type = 'button';
        button.dataset.layer = String(c.layer);
        button.dataset.head = String(c.head);
        li.append(button);
      });
      return li;
    });
    this.ui.kinds.replaceChildren(...items);
  }

  /** W2's query changed: the top-5 next tokens there (with heads off beside them), and the link. */
  onQuery({ layer, head, token }) {
    if (!this.result) return;
    const { predictions, tokens } = this.result;
    const list = (top) => top.map((p) => el('li', '', `${quoted(p.token)} ${formatPercent(p.p)}`));
    this.ui.predTitle.textContent = `What Sprout expects after ${quoted(tokens[token])} (token ${token})`;
    this.ui.predList.replaceChildren(...list(predictions[token] || []));
    const switched = this.switched;
    this.ui.predIntactTitle.hidden = !switched;
    this.ui.predSwitchedBox.hidden = !switched;
    if (switched) {
      this.ui.predSwitchedTitle.textContent = `With ${describeCount(switched.off)} off`;
      this.ui.predSwitched.replaceChildren(...list(switched.predictions[token] || []));
    }
    this.ui.predActual.textContent =
      token + 1 < tokens.length
        ? `Your story goes on with ${quoted(tokens[token + 1])}.`
        : 'This is the last token of your story.';
    this.selectionNow = { layer, head, token };
    this.share(false);
  }

  // --- sharing -----------------------------------------------------------------------------

  /** Put the story, selection and heads off into the URL hash; `copy`: also show and copy the link. */
  async share(copy) {
    if (!this.result || !this.selectionNow) return;
    try {
      const offSegment = formatOffSegment(this.switched?.off ?? []);
      const value = await encodeShare({ text: this.text, ...this.selectionNow, offSegment });
      this.written = value;
      this.hash.write(HASH_KEY, value);
      if (copy) {
        const url = new URL(location.href);
        url.hash = `${HASH_KEY}=${value}`;
        this.ui.link.hidden = false;
        this.ui.link.value = url.href;
        this.ui.link.select();
        await navigator.clipboard?.writeText(url.href).catch(() => {});
        this.setStatus(
          `The link (${value.length.toLocaleString('en')} characters of story) is in the box below.`,
        );
      }
    } catch (err) {
      if (copy) this.setStatus(err.message);
    }
  }

  /** The URL hash's story, if it names one: a shared story, or a "try it" link. */
  openLink(again = false) {
    const value = parseHashState(location.hash)[HASH_KEY];
    if (!value || (value === this.written && !again)) return;
    this.written = value;
    this.ui.switchError.hidden = true;
    if (TRY_IT.test(value)) this.openTryIt(...TRY_IT.exec(value).slice(1));
    else this.openSharedStory(value);
  }

  async openSharedStory(value) {
    let shared;
    try {
      shared = await decodeShare(value);
    } catch (err) {
      this.setStatus(
        `The story in this link was ignored: ${err.message} (links hold at most ${SHARE_LIMIT} characters).`,
      );
      return;
    }
    this.ui.text.value = shared.text;
    this.scrollIntoView({ block: 'start' });
    await this.describeDownload();
    if (!this.info) return;
    const { off, problem } = parseOffSegment(shared.offSegment, this.info.layers, this.info.heads);
    this.off = off;
    this.board?.setOff(off);
    if (problem) this.failSwitches(`In this link, ${problem}; the rest of the link is shown.`);
    if (await this.modelIsCached()) {
      this.analyse(false, shared);
    } else {
      this.pendingSelection = shared;
      this.setStatus(
        `A shared story was opened from the link${off.length ? `, with ${describeCount(off)} off` : ''}. ` +
          'Press Analyse to read it with Sprout.',
      );
    }
  }

  /** A chapter story with a preset's heads off, read at once: the reader asked by following the link. */
  async openTryIt(example, preset) {
    scrollIntoViewSettled(this);
    this.setStatus('Opening the chapter’s story…');
    try {
      await this.describeDownload();
      if (!this.info) return;
      const listed = preset.startsWith('off');
      const [story, presets] = await Promise.all([
        loadExample(exampleUrl(new URL('examples/', this.artifactsBase()).href, example)),
        preset === 'all' || listed ? null : this.loadPresets(),
      ]);
      let off = [];
      if (listed) {
        const parsed = parseOffSegment(preset, this.info.layers, this.info.heads);
        off = parsed.off;
        if (parsed.problem)
          this.failSwitches(`In this link, ${parsed.problem}; the rest of the link is shown.`);
      } else if (preset !== 'all') off = presets[preset];
      if (!off) throw new Error(`the chapter's artifacts do not say which heads are ${PRESET_NAMES[preset]}`);
      this.off = off;
      this.board?.setOff(off);
      this.ui.text.value = story.text;
      this.clearError();
      await this.request(story.text, false, null);
    } catch (err) {
      this.setStatus('');
      this.fail(`The chapter's story could not be opened: ${err.message}`);
    }
  }

  async modelIsCached() {
    try {
      await this.describeDownload();
      const cache = await caches.open('sprout-browser-model');
      return Boolean(this.info && (await cache.match(new URL(this.info.file, this.base()).href)));
    } catch {
      return false;
    }
  }

  // --- messages ------------------------------------------------------------------------------

  setStatus(text) {
    this.ui.status.textContent = text;
  }

  fail(message) {
    this.ui.error.hidden = false;
    this.ui.error.textContent = message;
    this.setAttribute('error', '');
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

/** [[5, 4]] -> "1 head"; 48 heads -> "48 heads". */
function describeCount(off) {
  return `${off.length} head${off.length === 1 ? '' : 's'}`;
}

define('sprout-story', SproutStory);
