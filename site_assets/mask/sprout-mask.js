// <sprout-mask>: widget W4, the mask builder. A T x T grid of attention weights for a short toy
// sentence: row = the word that is looking (query), column = the word looked at (key).
// Clicking a cell masks it; every row renormalises over the cells it can still see.
//
// Attributes (all optional):
//   size="5"             T, the number of tokens shown (2..8; a control changes it)
//   words="◆ The cat …"  the tokens, space separated (at least 2, at most 8 are used)
//   heads="48"           heads counted in the cost panel's "all heads" line
//   long="512"           the long context of the cost panel
// Deep link: #mask=3/010001000 sets T and the mask, row by row (key: hash="...", "off").
// Its pure parts are in core.js, the cost panel in cost.js, the rows that see the future (their
// flag and the summary line) in future.js.
import { causalMask, emptyMask, maskedWeights, rowsSeeingFuture } from '../common/math.js';
import { clampInt } from '../common/attributes.js';
import { colorScaleRgb, textColorOn } from '../common/color.js';
import { actionButton, el, shadowFrame } from '../common/dom.js';
import { define, SproutElement } from '../common/element.js';
import { BASE_CSS, DARK_CSS } from '../common/styles.js';
import { hashState } from '../common/url-state.js';
import { formatMaskHash, moveFocus, parseMaskHash, toyScore, toyScores } from './core.js';
import { COST_CSS, CostPanel } from './cost.js';
import { FUTURE_CSS, eyeIcon, showSummary } from './future.js';

const WORDS = ['◆', 'The', 'cat', 'sat', 'on', 'the', 'mat', '.'];
const MIN_T = 2;
const MAX_T = 8;

const CSS = `${BASE_CSS}${DARK_CSS}
.size-control input { width: 7rem; max-width: 35vw; }
.grid-wrap { max-width: 30rem; }
table.grid { border-collapse: separate; border-spacing: 2px; width: 100%; table-layout: fixed; }
.grid th { font-weight: 600; font-size: 0.85em; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.grid thead th { text-align: center; padding: 0 0 0.15rem; }
.grid thead th.corner {
  width: 5em; text-align: left; color: var(--fg-light); font-weight: 400; white-space: normal; line-height: 1.1;
}
.grid tbody th { text-align: left; padding-right: 0.2rem; }
.grid td { padding: 0; }
.cell {
  display: block; width: 100%; aspect-ratio: 1; min-height: 1.6rem; max-height: 3rem; padding: 0;
  border: 1px solid var(--fg-lightest); border-radius: 0.2rem;
  font-size: 0.75em; font-variant-numeric: tabular-nums; line-height: 1;
}
.cell.future { border: 1px dashed var(--fg-lighter); }
.cell[aria-pressed="true"] {
  color: var(--fg-light);
  background: repeating-linear-gradient(135deg, var(--fg-lightest) 0 3px, transparent 3px 7px);
}
.cell:focus-visible { outline: 3px solid var(--accent); outline-offset: 1px; position: relative; z-index: 1; }
.small .pct { display: none; }
${FUTURE_CSS}${COST_CSS}`;

// Lifecycle and theme (`dark`, the host's data-theme) come from SproutElement (common/element.js).
class SproutMask extends SproutElement {
  // its caption on paper (build_site/pdf.py pictures the widget; a widget without one stops the PDF)
  static printCaption = 'W4. The causal mask: what each position may see.';

  connected() {
    this.link = hashState(this, 'mask', (text) => this.useHash(text), this.lifetime.signal);
    this.render();
    this.setAttribute('ready', '');
  }

  /** "5/0100…" from the URL hash: T, then the T x T mask row by row (1 = masked). */
  useHash(text) {
    const parsed = parseMaskHash(text, MIN_T, this.maxT);
    if (!parsed) return false;
    const T = parsed.T;
    this.T = T;
    this.focusCell = this.focusCell.map((k) => Math.min(k, T - 1));
    this.setMask(parsed.mask);
    this.buildGrid();
    this.render();
    return true;
  }

  /** After a reader's change: redraw and keep T and the mask in the URL. */
  changed() {
    this.render();
    this.link.save(formatMaskHash(this.T, this.mask()));
  }

  themeChanged() {
    this.render();
  }

  readAttributes() {
    const words = (this.getAttribute('words') || '').split(/\s+/).filter(Boolean);
    this.words = (words.length >= MIN_T ? words : WORDS).slice(0, MAX_T);
    this.maxT = this.words.length;
    this.T = clampInt(this.getAttribute('size'), MIN_T, this.maxT, Math.min(5, this.maxT));
    this.heads = clampInt(this.getAttribute('heads'), 1, 1e4, 48);
    this.long = clampInt(this.getAttribute('long'), 1, 1e6, 512);
    // one mask for the largest grid; a smaller T uses its top-left corner, so masks survive resizing
    this.fullMask = emptyMask(this.maxT);
    this.focusCell = [0, 0];
  }

  mask() {
    return this.fullMask.slice(0, this.T).map((row) => row.slice(0, this.T));
  }

  // ---- building ----

  build() {
    this.readAttributes();
    const frame = shadowFrame(this, CSS);
    this.gridWrap = el('div', 'grid-wrap');
    this.summary = el('p', 'summary');
    this.summary.setAttribute('aria-live', 'polite');
    const hint = el(
      'p',
      'hint',
      'Each row is a word looking back; each column a word it may look at. ' +
        'Click a cell (or press Enter or Space on it) to mask it; the row shares its weight among the rest.',
    );
    this.cost = new CostPanel();
    frame.append(this.buildControls(), hint, this.gridWrap, this.summary, this.cost.element);
    this.buildGrid();
  }

  buildControls() {
    const controls = el('div', 'controls');
    const label = el('label', 'size-control');
    this.sizeInput = el('input', 'size');
    Object.assign(this.sizeInput, { type: 'range', min: String(MIN_T), max: String(this.maxT), step: '1' });
    this.sizeInput.value = String(this.T);
    this.sizeText = el('output', 'size-value');
    label.append('Tokens T ', this.sizeInput, this.sizeText);
    this.sizeInput.addEventListener('input', () => {
      this.T = Number.parseInt(this.sizeInput.value, 10);
      this.focusCell = this.focusCell.map((k) => Math.min(k, this.T - 1));
      this.buildGrid();
      this.changed();
    });
    controls.append(
      label,
      this.button('causal', 'causal mask', () => this.setMask(causalMask(this.T))),
      this.button('clear', 'clear', () => this.setMask(emptyMask(this.T))),
    );
    return controls;
  }

  button(action, text, change) {
    return actionButton(action, text, () => {
      change();
      this.changed();
    });
  }

  setMask(mask) {
    mask.forEach((row, i) =>
      row.forEach((masked, j) => {
        this.fullMask[i][j] = masked;
      }),
    );
  }

  buildGrid() {
    const T = this.T;
    const table = el('table', T >= 7 ? 'grid small' : 'grid');
    table.setAttribute('role', 'grid');
    table.setAttribute(
      'aria-label',
      'Attention weights: each row is a word looking back, each column a word it may look at. ' +
        'Press Enter or Space on a cell to mask or unmask it.',
    );
    const head = el('tr');
    const corner = el('th', 'corner', 'looks at →');
    head.append(
      corner,
      ...this.words.slice(0, T).map((word) => {
        const th = el('th', '', word);
        th.setAttribute('scope', 'col');
        return th;
      }),
    );
    const thead = el('thead');
    thead.append(head);
    const body = el('tbody');
    this.rows = [];
    this.cells = [];
    for (let i = 0; i < T; i++) body.append(this.buildRow(i));
    table.append(thead, body);
    table.addEventListener('keydown', (event) => this.onKey(event));
    this.gridWrap.replaceChildren(table);
  }

  buildRow(i) {
    const row = el('tr');
    row.dataset.row = String(i);
    const header = el('th');
    header.setAttribute('scope', 'row');
    const flag = el('span', 'flag');
    flag.append(eyeIcon(), el('span', 'visually-hidden', 'sees the future'));
    header.append(el('span', 'word', this.words[i]), flag);
    row.append(header);
    const cells = [];
    for (let j = 0; j < this.T; j++) {
      const td = el('td');
      const cell = el('button', j > i ? 'cell future' : 'cell');
      cell.type = 'button';
      Object.assign(cell.dataset, { row: String(i), col: String(j) });
      cell.addEventListener('click', () => this.toggle(i, j));
      td.append(cell);
      row.append(td);
      cells.push(cell);
    }
    this.rows.push({ row, header, flag });
    this.cells.push(cells);
    return row;
  }

  toggle(i, j) {
    this.fullMask[i][j] = !this.fullMask[i][j];
    this.focusCell = [i, j];
    this.changed();
  }

  // ---- state -> DOM ----

  render() {
    const mask = this.mask();
    const { weights, fullyMasked } = maskedWeights(toyScores(this.T), mask);
    const future = rowsSeeingFuture(mask);
    for (let i = 0; i < this.T; i++) {
      for (let j = 0; j < this.T; j++) this.renderCell(i, j, weights[i][j], mask[i][j]);
      this.renderRowFlags(i, future.includes(i), fullyMasked.includes(i));
    }
    showSummary(this.summary, future, fullyMasked, this.words);
    this.cost.render(mask, this.heads, this.long);
    this.sizeInput.value = String(this.T);
    this.sizeText.textContent = String(this.T);
    this.dataset.size = String(this.T);
  }

  renderCell(i, j, weight, masked) {
    const cell = this.cells[i][j];
    const [row, col] = [this.words[i], this.words[j]];
    const percent = `${(weight * 100).toFixed(1)}%`;
    const shown = String(Math.round(weight * 100));
    cell.dataset.value = String(weight);
    cell.dataset.score = String(toyScore(i, j));
    cell.dataset.masked = String(masked);
    cell.setAttribute('aria-pressed', String(masked));
    // the name holds the shown (rounded) text, so a reader who says "65%" finds the cell
    cell.setAttribute('aria-label', `${row} looks at ${col}: ${masked ? 'masked' : `${shown}%`}`);
    cell.title = masked ? 'masked' : percent;
    cell.tabIndex = i === this.focusCell[0] && j === this.focusCell[1] ? 0 : -1;
    if (masked) {
      cell.replaceChildren('×');
      cell.style.background = '';
      cell.style.color = '';
      return;
    }
    cell.replaceChildren(shown, el('span', 'pct', '%'));
    const rgb = colorScaleRgb(weight, this.dark);
    cell.style.background = `rgb(${rgb.join(', ')})`;
    cell.style.color = textColorOn(rgb);
  }

  renderRowFlags(i, seesFuture, empty) {
    const { row, header, flag } = this.rows[i];
    row.dataset.seesFuture = String(seesFuture);
    row.dataset.fullyMasked = String(empty);
    flag.hidden = !seesFuture;
    header.title = seesFuture ? `${this.words[i]} can see the future` : '';
  }

  // ---- keyboard: arrows move focus across cells (roving tabindex), Enter/Space click ----

  onKey(event) {
    const cell = event.target.closest?.('.cell');
    if (!cell) return;
    const next = moveFocus(event.key, [Number(cell.dataset.row), Number(cell.dataset.col)], this.T - 1);
    if (!next) return;
    event.preventDefault();
    const [i, j] = next;
    this.focusCell = [i, j];
    this.cells.flat().forEach((c) => {
      c.tabIndex = -1;
    });
    this.cells[i][j].tabIndex = 0;
    this.cells[i][j].focus();
  }
}

define('sprout-mask', SproutMask);
export { SproutMask };
