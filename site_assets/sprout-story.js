// <sprout-story>: "Try your own story". The reader types a story and presses Analyse; Sprout
// runs in a Web Worker (onnxruntime-web, WebAssembly, one thread) from the site's own files and
// the page shows W2's token view, W5's 48 heads, the top-5 next tokens at the chosen token and
// the head-type scores of the reader's text. Nothing is downloaded before the reader asks.
//
// <sprout-story base="../artifacts/browser/"></sprout-story>
// base holds model.json, sprout.onnx and tokenizer.json (build_artifacts/browser_model.py).
// Deep link: #story=<layer>/<head>/<token>/<compressed text> (see sprout-story-core.js).
import { unpackAttention } from './sprout-attention-data.js';
import { el } from './sprout-dom.js';
import { define, SproutElement } from './sprout-element.js';
import { formatPercent, quoted } from './sprout-format.js';
import { fetchJson, whenVisible } from './sprout-load.js';
import { BASE_CSS } from './sprout-styles.js';
import { hashWriter, parseHashState } from './sprout-url-state.js';
import { SHARE_LIMIT, START_GLYPH, decodeShare, encodeShare } from './sprout-story-core.js';
import './sprout-explorer.js';
import './sprout-heads.js';
import { topHeads } from './sprout-head-scores.js';

const HASH_KEY = 'story';
const STORY_NAME = 'yours';
const VENDOR = new URL('../vendor/', import.meta.url);
const RUNTIME_INFO = new URL('onnxruntime/runtime.json', VENDOR);
const MAX_CHARACTERS = 20000;

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
  <input class="share-link" readonly hidden aria-label="Link to this story">
  <div class="results" hidden>
    <sprout-explorer class="explorer" source="page" hash="off" group="own-story" examples="${STORY_NAME}"></sprout-explorer>
    <section class="predictions" aria-live="polite">
      <h4 class="predictions-title"></h4>
      <ol class="predictions-list"></ol>
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
      explorer: $('.explorer'),
      heads: $('.heads'),
      predTitle: $('.predictions-title'),
      predList: $('.predictions-list'),
      predActual: $('.predictions-actual'),
      kinds: $('.kinds'),
    };
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

  connected() {
    // the two small files with the sizes wait until the block is near the viewport
    whenVisible(this, { signal: this.lifetime.signal }).then(() => this.describeDownload());
    this.openSharedStory();
  }

  disconnected() {
    this.hash.cancel();
    this.worker?.terminate();
    this.worker = null;
    this.loading = null;
  }

  base() {
    const base = this.getAttribute('base') || './';
    return new URL(base.endsWith('/') ? base : `${base}/`, document.baseURI);
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

  // --- the worker ------------------------------------------------------------------------

  startWorker() {
    if (this.loading) return this.loading;
    this.loading = new Promise((resolve, reject) => {
      let worker;
      try {
        if (typeof WebAssembly !== 'object') throw new Error('this browser cannot run WebAssembly');
        worker = new Worker(new URL('./sprout-story-worker.js', import.meta.url), { type: 'module' });
      } catch (err) {
        reject(new Error(`The model cannot run here: ${err.message}.`));
        return;
      }
      this.worker = worker;
      this.ui.progress.hidden = false;
      this.ui.progress.value = 0;
      worker.onerror = (event) => {
        event.preventDefault?.();
        reject(new Error(`The model's runtime failed to start${event.message ? `: ${event.message}` : ''}.`));
      };
      worker.onmessage = (event) => {
        const m = event.data;
        if (m.type === 'progress') {
          this.ui.progress.value = Math.min(1, m.loaded / m.total);
          this.setStatus(`Downloading the model: ${formatBytes(m.loaded)} of ${formatBytes(m.total)}…`);
        } else if (m.type === 'ready') {
          this.loadSeconds = m.seconds;
          this.ui.progress.hidden = true;
          worker.onmessage = (e) => this.onWorkerMessage(e.data);
          resolve(worker);
        } else if (m.type === 'error') {
          reject(new Error(`The model could not be loaded: ${m.message}`));
        }
      };
      const vendor = (path) => new URL(path, VENDOR).href;
      worker.postMessage({
        type: 'load',
        model: this.info,
        runtimeBytes: this.runtime.bytes,
        urls: {
          ort: vendor('onnxruntime/ort.wasm.min.mjs'),
          wasm: vendor(`onnxruntime/${this.runtime.wasm}`),
          wasmFolder: vendor('onnxruntime/'),
          tokenizers: vendor('tokenizers/tokenizers.min.mjs'),
          model: new URL(this.info.file, this.base()).href,
          tokenizer: new URL(this.info.tokenizer, this.base()).href,
        },
      });
    });
    this.loading.catch(() => {
      this.worker?.terminate();
      this.worker = null;
      this.loading = null;
      this.ui.progress.hidden = true;
    });
    return this.loading;
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
    if (!this.info || !this.runtime) await this.describeDownload();
    if (!this.info || !this.runtime) return;
    this.ui.analyse.disabled = true;
    this.started = performance.now();
    try {
      const worker = await this.startWorker();
      this.setStatus('Sprout is reading your story…');
      this.selection = selection;
      this.pendingText = text;
      worker.postMessage({ type: 'analyse', text, truncate });
      await new Promise((resolve) => {
        this.answered = resolve;
      });
    } catch (err) {
      this.setStatus('');
      this.fail(`${err.message} The example stories above still work.`);
    } finally {
      this.ui.analyse.disabled = false;
    }
  }

  onWorkerMessage(m) {
    if (m.type === 'too-long') {
      this.setStatus(
        `Your story is ${m.count.toLocaleString('en')} tokens long; Sprout reads at most ${m.limit} after ◆.`,
      );
      this.ui.offer.hidden = false;
    } else if (m.type === 'error') {
      this.setStatus('');
      this.fail(`The analysis failed: ${m.message}`);
    } else if (m.type === 'result') {
      this.showResult(m);
    }
    this.answered?.();
  }

  showResult(m) {
    this.result = m;
    this.text = this.pendingText;
    const maps = unpackAttention(m.attention, m.layers, m.heads, m.T);
    const data = { id: STORY_NAME, title: 'Your story', tokens: m.tokens, ids: m.ids, marks: {}, maps };
    this.ui.results.hidden = false;
    const { explorer, heads } = this.ui;
    const sel = this.selection;
    explorer.showStory(data, STORY_NAME);
    heads.showStory(data, STORY_NAME);
    const headScores = this.headScoresOf(m.scores, m.T);
    heads.setHeadScores(headScores);
    this.renderKinds(m.scores, m.T, headScores.models.sprout.top);
    explorer.select(sel ? { layer: sel.layer, head: sel.head, token: sel.token } : { token: m.T - 1 });
    if (sel) heads.select({ layer: sel.layer, head: sel.head });
    const seconds = (performance.now() - this.started) / 1000;
    this.lastSeconds = {
      view: seconds,
      model: m.seconds.model,
      pack: m.seconds.pack,
      worker: m.seconds.total,
    };
    this.setStatus(
      `${m.truncated ? 'The first 511 tokens' : `All ${m.T - 1} tokens`} after ${START_GLYPH} analysed ` +
        `in ${seconds.toFixed(1)} s.`,
    );
    this.ui.share.disabled = false;
    this.setAttribute('analysed', '');
    this.dispatchEvent(new CustomEvent('sprout-story-analysed', { detail: { seconds } }));
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

  /** W2's query changed: the top-5 next tokens there, and the link. */
  onQuery({ layer, head, token }) {
    if (!this.result) return;
    const { predictions, tokens } = this.result;
    const top = predictions[token] || [];
    this.ui.predTitle.textContent = `What Sprout expects after ${quoted(tokens[token])} (token ${token})`;
    this.ui.predList.replaceChildren(
      ...top.map((p) => el('li', '', `${quoted(p.token)} ${formatPercent(p.p)}`)),
    );
    this.ui.predActual.textContent =
      token + 1 < tokens.length
        ? `Your story goes on with ${quoted(tokens[token + 1])}.`
        : 'This is the last token of your story.';
    this.selectionNow = { layer, head, token };
    this.share(false);
  }

  // --- sharing -----------------------------------------------------------------------------

  /** Put the story and selection into the URL hash; `copy`: also show and copy the link. */
  async share(copy) {
    if (!this.result || !this.selectionNow) return;
    try {
      const value = await encodeShare({ text: this.text, ...this.selectionNow });
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

  async openSharedStory() {
    const value = parseHashState(location.hash)[HASH_KEY];
    if (!value) return;
    try {
      const shared = await decodeShare(value);
      this.ui.text.value = shared.text;
      this.scrollIntoView({ block: 'start' });
      const cached = await this.modelIsCached();
      if (cached) {
        this.analyse(false, shared);
      } else {
        this.pendingSelection = shared;
        this.setStatus('A shared story was opened from the link. Press Analyse to read it with Sprout.');
      }
    } catch (err) {
      this.setStatus(
        `The story in this link was ignored: ${err.message} (links hold at most ${SHARE_LIMIT} characters).`,
      );
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

  clearError() {
    this.ui.error.hidden = true;
    this.removeAttribute('error');
  }
}

define('sprout-story', SproutStory);
