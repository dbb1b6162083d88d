// A written continuation as the reader reads it: the text's last tokens, then each written token
// as a span with data-written (a button: click, Enter or Space selects it), and for the selected
// token its five likeliest alternatives and where its heads looked (and, in the story block, a
// button that reads the text up to it as a story, to show which heads made its guess). Used by "Write on"
// (write.js) while tokens arrive, and by <sprout-written> (a notebook's notebook.write view).
import { el } from '../common/dom.js';
import { formatPercent, quoted } from '../common/format.js';
import { strongestLooks } from './write-link.js';

export const WRITTEN_CSS = `
.written-text { white-space: pre-wrap; padding: 0.4rem; border-radius: 0.25rem; background: var(--code-bg);
  line-height: 1.5; min-height: 1.5em; }
.written-text [data-written] { border-bottom: 2px solid var(--primary); cursor: pointer; }
.written-text [data-written][aria-pressed='true'] { outline: 2px solid var(--primary); }
.written-detail ol { margin: 0.2rem 0 0.4rem 1.4rem; padding: 0; }
`;

const TAIL = 60; // tokens of the text shown before the written ones

/** Where heads looked from a token whose attention rows came with it (the worker's). */
export const looksFromRows = (layers, heads) => (token, head) =>
  strongestLooks(token.attention, token.seen, layers, heads, head);

export class WrittenView {
  /** size(): { layers, heads }; looks(token, head or null) -> [{ position, weight }], largest first;
   * onWhich(index), if given: a button under a selected token asks which heads made its guess. */
  constructor({ size, looks, onWhich = null }) {
    this.size = size;
    this.looks = looks;
    this.onWhich = onWhich;
    this.tokens = [];
    this.output = el('p', 'written-text');
    this.output.hidden = true;
    this.output.addEventListener('click', (e) => this.pick(e.target.closest('[data-written]')));
    this.output.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter' && e.key !== ' ') return;
      const span = e.target.closest('[data-written]');
      if (!span) return;
      e.preventDefault();
      this.pick(span);
    });
    this.detail = el('div', 'written-detail');
    this.detail.setAttribute('aria-live', 'polite');
  }

  /** A new continuation of the text whose tokens are `prompt` (◆ first). */
  start(prompt) {
    this.prompt = prompt;
    this.tokens = [];
    this.detail.replaceChildren();
    const shown = prompt.slice(1);
    const tail = shown.slice(-TAIL);
    this.output.replaceChildren(
      el('span', 'prompt-part', `${shown.length > TAIL ? '…' : ''}${tail.join('')}`),
    );
    this.output.hidden = false;
  }

  clear() {
    this.tokens = [];
    this.output.replaceChildren();
    this.output.hidden = true;
    this.detail.replaceChildren();
  }

  /** One written token: { index, id, token, alternatives: [{ id, token, p }], ... }. */
  add(token) {
    this.tokens.push(token);
    const span = el('span', 'written-token', token.token);
    span.dataset.written = String(token.index);
    span.tabIndex = 0;
    span.setAttribute('role', 'button');
    span.setAttribute('aria-pressed', 'false');
    span.setAttribute('aria-label', `written token ${token.index + 1}: ${token.token}`);
    this.output.append(span);
  }

  /** A written token selected: its alternatives and where its heads looked. */
  pick(span) {
    if (!span) return;
    const token = this.tokens[Number(span.dataset.written)];
    if (!token) return;
    this.output
      .querySelectorAll('[aria-pressed="true"]')
      .forEach((s) => s.setAttribute('aria-pressed', 'false'));
    span.setAttribute('aria-pressed', 'true');
    this.showDetail(token);
  }

  showDetail(token) {
    const { layers, heads } = this.size();
    const all = [...this.prompt, ...this.tokens.map((t) => t.token)];
    const chosenP = token.alternatives.find((a) => a.id === token.id)?.p;
    const heading = el(
      'p',
      '',
      `${quoted(token.token)}, written token ${token.index + 1}` +
        (chosenP === undefined ? ', was not among the five likeliest:' : ` (${formatPercent(chosenP)}):`),
    );
    const list = el('ol', 'written-alternatives');
    for (const a of token.alternatives) list.append(el('li', '', `${quoted(a.token)} ${formatPercent(a.p)}`));
    const pickLabel = el('label', '', 'Where its heads looked: ');
    const select = el('select', 'written-head');
    select.append(new Option('every head (mean)', ''));
    for (let l = 1; l <= layers; l++)
      for (let h = 1; h <= heads; h++) select.append(new Option(`head ${l}.${h}`, `${l}.${h}`));
    pickLabel.append(select);
    const looks = el('p', 'written-looks');
    const show = () => {
      const [l, h] = select.value ? select.value.split('.').map(Number) : [];
      const head = select.value ? { layer: l, head: h } : null;
      looks.textContent =
        `${head ? `Head ${l}.${h}` : 'On average, the heads'} looked most at ` +
        this.looks(token, head)
          .map((t) => `${quoted(all[t.position])} (token ${t.position}, ${formatPercent(t.weight)})`)
          .join(', ') +
        '.';
    };
    select.addEventListener('change', show);
    show();
    this.detail.replaceChildren(heading, list, pickLabel, looks);
    if (this.onWhich) {
      const which = el('button', 'written-which', 'Which heads made this guess?');
      which.type = 'button';
      which.addEventListener('click', () => this.onWhich(token.index));
      this.detail.append(which);
    }
  }
}
