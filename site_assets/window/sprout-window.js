// W1 <sprout-window>: the ch. 6 window network sees only the last 8 tokens before the cursor.
// Everything earlier is gone for it; Sprout still sees the whole story. At the chosen mark the
// two models' precomputed top predictions are shown side by side, and at any other cursor
// position their predictions there (the example's `next`).
//
// <sprout-window src="../artifacts/examples/mia_doll.json" mark="recall"></sprout-window>
// Optional: size="8" (the window), models="window,sprout" (whose predictions to compare),
// whole="Sprout" (the model that sees the whole story, as the status line names it).
// Instead of src, the story may be carried inside the element (a notebook's output):
// <script type="application/json" data-sprout="example">{...}</script>, its `model_names`
// naming models other than the three published ones.
// Deep link: #window=30 puts the cursor after token 29 (key changeable with hash="...", "off").
// Its markup and styles are in template.js.
import { clampInt, listOf } from '../common/attributes.js';
import { el, shadowParts, showErrorLine } from '../common/dom.js';
import { define, SproutElement } from '../common/element.js';
import { displayToken, formatPercent, quoted } from '../common/format.js';
import { documentParsed, fetchJson, inlineJson, whenVisible } from '../common/load.js';
import { hashState } from '../common/url-state.js';
import { TEMPLATE } from './template.js';

// ---------------------------------------------------------------------------------------------
// Pure helpers (tested under Node)

/**
 * With the cursor at position c (tokens 0..c-1 written, token c about to be predicted), what
 * each token is to the window network: "gone" (before its window), "window" or "future".
 */
export function windowRole(index, cursor, size) {
  if (index >= cursor) return 'future';
  return index >= cursor - size ? 'window' : 'gone';
}

/** The cursor position at which a mark's predictions apply: right after its last token. */
export function markCursor(mark) {
  return mark.end;
}

export const MODEL_NAMES = {
  window: 'Window network (sees the last 8 tokens)',
  gpt1: 'gpt-1 (one attention layer)',
  sprout: 'Sprout (sees every earlier token)',
};

// Lifecycle and theme come from SproutElement (common/element.js).
export class SproutWindow extends SproutElement {
  // its caption on paper (build_site/pdf.py pictures the widget; a widget without one stops the PDF)
  static printCaption =
    "W1. The window network's view: the eight tokens it sees before the cursor, and each model's guesses.";

  connected() {
    this.size = clampInt(this.getAttribute('size'), 1, 512, 8);
    this.models = listOf(this.getAttribute('models') || 'window,sprout');
    this.link = hashState(this, 'window', (text) => this.useHashCursor(text), this.lifetime.signal);
    this.load();
  }

  build() {
    this.ui = shadowParts(this, TEMPLATE, {
      story: '.story',
      slider: 'input',
      position: '.position',
      status: '.status',
      predictions: '.predictions',
      elsewhere: '.elsewhere',
      error: '.error',
      here: '.here',
      hereTitle: '.here-title',
      hereColumns: '.predictions-here',
    });
    this.ui.slider.addEventListener('input', () => this.readerCursor(Number(this.ui.slider.value)));
    this.ui.story.addEventListener('keydown', (e) => this.onKey(e));
    this.ui.story.addEventListener('click', (e) => {
      const tok = e.target.closest('.tok');
      if (tok) this.readerCursor(Number(tok.dataset.index) + 1);
    });
  }

  /** A cursor from the URL hash ("30"): shown now, or once the story has loaded. */
  useHashCursor(text) {
    if (!/^\d+$/.test(text)) return false;
    this.wantedCursor = Number(text);
    if (this.example) this.setCursor(this.wantedCursor);
    return true;
  }

  /** A cursor the reader chose: shown and kept in the URL. */
  readerCursor(position) {
    this.setCursor(position);
    if (this.example) this.link.save(String(this.cursor));
  }

  async load() {
    const signal = this.lifetime.signal;
    await whenVisible(this, { signal });
    await documentParsed();
    const src = this.getAttribute('src');
    try {
      const inline = inlineJson(this, 'example');
      if (!src && !inline) throw new Error('No example file: give the element a "src" attribute.');
      const example = inline || (await fetchJson(src, { signal }));
      if (!this.isConnected) return;
      this.setExample(example);
    } catch (err) {
      if (err.name !== 'AbortError') this.showError(err.message);
    }
  }

  setExample(example) {
    if (!Array.isArray(example?.tokens))
      throw new Error(`${this.getAttribute('src')} is not an example file`);
    this.example = example;
    const marks = example.marks || {};
    const markName = this.getAttribute('mark') || Object.keys(marks)[0];
    this.mark = marks[markName] || null;
    this.predictions = example.predictions?.[markName] || null;
    if (this.getAttribute('mark') && !this.mark) {
      this.showError(
        `The example has no mark "${markName}" (it has: ${Object.keys(marks).join(', ') || 'none'}).`,
      );
    }
    this.buildTokens(example.tokens);
    const T = example.tokens.length;
    this.ui.slider.max = String(T);
    this.ui.slider.setAttribute('aria-valuetext', '');
    this.buildPredictions();
    this.setCursor(this.wantedCursor ?? (this.mark ? markCursor(this.mark) : Math.min(T, this.size + 1)));
    this.setAttribute('ready', '');
  }

  showError(message) {
    if (!this.example) this.ui.story.replaceChildren(el('span', 'loading', 'The story could not be shown.'));
    showErrorLine(this, this.ui.error, message);
  }

  buildTokens(tokens) {
    this.tokenEls = tokens.map((token, index) => {
      const span = el('span', 'tok', displayToken(token));
      if (index > 0 && token.startsWith(' ')) span.classList.add('space');
      span.dataset.index = String(index);
      return span;
    });
    this.caret = el('span', 'caret');
    this.caret.setAttribute('aria-hidden', 'true');
    this.ui.story.replaceChildren(...this.tokenEls);
  }

  buildPredictions() {
    if (!this.predictions) {
      this.ui.predictions.replaceChildren();
      return;
    }
    const answer = this.example.tokens[this.mark.end];
    this.ui.predictions.replaceChildren(
      ...this.predictionColumns((model) => this.predictions[model], answer),
    );
  }

  /** One column per model that has predictions (`of(model)`: its top list), best first. */
  predictionColumns(of, answer) {
    return this.models
      .filter((m) => of(m))
      .map((model) => {
        const column = el('section', 'model');
        column.dataset.model = model;
        column.append(el('h3', '', MODEL_NAMES[model] || this.example.model_names?.[model] || model));
        const list = el('ol');
        for (const p of of(model)) {
          const item = el('li');
          item.append(el('span', 'token', quoted(p.token)));
          const bar = el('span', 'bar');
          bar.style.width = `${Math.max(1, Math.round(p.prob * 80))}px`;
          bar.setAttribute('aria-hidden', 'true');
          item.append(bar, el('span', 'prob', formatPercent(p.prob)));
          if (p.token === answer) {
            item.classList.add('answer');
            item.append(el('span', 'note', ' ✓ the story’s word'));
          }
          list.append(item);
        }
        column.append(list);
        return column;
      });
  }

  /** Away from the mark: both models' predictions for the token after the cursor. */
  renderHere(cursor, atMark) {
    const next = this.example.next;
    const show = Boolean(next) && !atMark;
    this.ui.here.hidden = !show;
    if (!show) {
      this.ui.hereColumns.replaceChildren();
      return;
    }
    const answer = this.example.tokens[cursor];
    this.ui.hereTitle.textContent =
      answer === undefined
        ? 'What the models predict after the last token:'
        : `What the models predict here (the story goes on with ${quoted(answer)}):`;
    this.ui.hereColumns.replaceChildren(
      ...this.predictionColumns((model) => next[model]?.[cursor - 1], answer),
    );
  }

  setCursor(position) {
    if (!this.example) return;
    const T = this.example.tokens.length;
    const cursor = Math.min(T, Math.max(1, position));
    this.cursor = cursor;
    this.tokenEls.forEach((span, i) => {
      const role = windowRole(i, cursor, this.size);
      span.classList.toggle('window', role === 'window');
      span.classList.toggle('gone', role === 'gone');
      span.classList.toggle('future', role === 'future');
    });
    this.ui.story.insertBefore(this.caret, this.tokenEls[cursor] || null);
    this.ui.slider.value = String(cursor);
    const before = quoted(this.example.tokens[cursor - 1]);
    this.ui.position.textContent = `after token ${cursor - 1} ${before}`;
    this.ui.slider.setAttribute('aria-valuetext', `after token ${cursor - 1}, ${before}`);
    this.renderStatus(cursor);
  }

  renderStatus(cursor) {
    const first = Math.max(0, cursor - this.size);
    const seen = this.example.tokens.slice(first, cursor).map(displayToken).join(' ');
    const gone = first;
    this.ui.status.textContent =
      `The window network sees ${cursor - first === 1 ? '1 token' : `${cursor - first} tokens`}: ${seen}. ` +
      (gone
        ? `The ${gone} earlier token${gone === 1 ? ' is' : 's are'} invisible to it; ${this.getAttribute('whole') || 'Sprout'} sees all ${cursor}.`
        : 'Nothing has left its window yet.');
    const atMark = this.mark && cursor === markCursor(this.mark);
    this.ui.predictions.hidden = !(atMark && this.predictions);
    this.ui.elsewhere.hidden = !this.mark || atMark;
    if (this.mark && !atMark) this.renderElsewhere();
    this.renderHere(cursor, atMark);
  }

  renderElsewhere() {
    const box = this.ui.elsewhere;
    if (box.childNodes.length) return;
    const lastToken = quoted(this.example.tokens[this.mark.position]);
    const jump = el('button', 'jump', 'Jump there');
    jump.type = 'button';
    jump.addEventListener('click', () => {
      this.readerCursor(markCursor(this.mark));
      this.ui.slider.focus();
    });
    box.append(
      document.createTextNode(
        `The models' predictions are shown with the cursor right after ${quoted(this.mark.text)} (token ${this.mark.position}, ${lastToken}).`,
      ),
      jump,
    );
  }

  onKey(event) {
    if (!this.example) return;
    const T = this.example.tokens.length;
    const moves = { ArrowLeft: this.cursor - 1, ArrowRight: this.cursor + 1, Home: 1, End: T };
    if (!(event.key in moves)) return;
    event.preventDefault();
    this.readerCursor(moves[event.key]);
  }
}

define('sprout-window', SproutWindow);
