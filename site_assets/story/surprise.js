// How surprised Sprout is at each token of the reader's story, drawn: every token shaded by its
// loss (the attention colour scale: the page's colour for a sure guess, the far end for an even
// guess among the whole vocabulary or worse), and, with heads switched off, a strip under each
// token coloured by the change. A legend, a sentence and a table (built when opened) say the
// same in words and numbers.
import { colorScaleRgb, textColorOn } from '../common/color.js';
import { el } from '../common/dom.js';
import { formatPercent, quoted } from '../common/format.js';
import { CHANGE_TOP, changeRgb, lossShade, meanLoss, signedNats } from './change.js';

export const SURPRISE_CSS = `
.surprise h4 { margin: 0.6rem 0 0.2rem; }
.surprise-strip {
  display: flex; flex-wrap: wrap; gap: 0.2rem 0.1rem; padding: 0.4rem; border-radius: 0.25rem;
  background: var(--code-bg); font-size: 0.95rem; line-height: 1.3;
}
.s-tok { display: inline-flex; flex-direction: column; max-width: 100%; }
.s-text { padding: 0.05rem 0.15rem; border-radius: 0.15rem; white-space: pre; overflow-wrap: anywhere; max-width: 100%; }
.s-change { height: 0.35rem; margin-top: 0.1rem; border-radius: 0.1rem; }
.surprise:not(.switched) .s-change { display: none; }
.s-tok.start .s-text { font-size: 0.8em; color: var(--fg-light); }
.surprise-legend { display: flex; flex-wrap: wrap; gap: 0.3rem 1rem; align-items: center; color: var(--fg-light); font-size: 0.85em; margin: 0.3rem 0; }
.surprise-legend .swatches { display: inline-flex; vertical-align: middle; }
.surprise-legend .swatches span { width: 1rem; height: 0.8rem; border: 1px solid var(--fg-lightest); }
.surprise:not(.switched) .change-legend { display: none; }
.loss-table { border-collapse: collapse; font-variant-numeric: tabular-nums; font-size: 0.9em; }
.loss-table th, .loss-table td { padding: 0.05rem 0.5rem; text-align: right; border-bottom: 1px solid var(--fg-lightest); }
.loss-table td.token { text-align: left; white-space: pre; }
.surprise:not(.switched) .loss-table .when-switched { display: none; }
.table-box { max-height: 20rem; overflow: auto; }
`;

const LEGEND_STEPS = 6;

/** The view; `.element` to place, show({ tokens, vocab, intact, switched }) to draw. */
export class SurpriseView {
  constructor() {
    this.element = el('section', 'surprise');
    this.element.setAttribute('aria-labelledby', 'surprise-title');
    const title = el('h4', '', 'How surprised Sprout is at each token');
    title.id = 'surprise-title';
    this.sentence = el('p', 'surprise-sentence');
    this.strip = el('div', 'surprise-strip');
    this.strip.setAttribute('role', 'group');
    this.strip.setAttribute(
      'aria-label',
      'Your story, each token shaded by its loss (the table below has the numbers)',
    );
    this.legend = el('div', 'surprise-legend');
    this.details = el('details', 'loss-details');
    this.details.append(el('summary', '', 'Every token’s loss as a table'));
    this.tableBox = el('div', 'table-box');
    this.tableBox.tabIndex = 0; // it scrolls: a keyboard must reach it
    this.tableBox.setAttribute('role', 'region');
    this.tableBox.setAttribute('aria-label', 'Loss at each token');
    this.details.append(this.tableBox);
    this.details.addEventListener('toggle', () => this.details.open && this.fillTable());
    this.element.append(title, this.sentence, this.legend, this.strip, this.details);
    this.dark = false;
  }

  setDark(dark) {
    this.dark = dark;
    if (this.data) this.draw();
  }

  show(data) {
    this.data = data;
    this.draw();
  }

  background() {
    return this.dark ? [36, 38, 50] : [255, 255, 255];
  }

  draw() {
    const { tokens, vocab, intact, switched } = this.data;
    this.element.classList.toggle('switched', Boolean(switched));
    const bg = this.background();
    const cells = tokens.map((token, t) => {
      const cell = el('span', t === 0 ? 's-tok start' : 's-tok');
      cell.dataset.index = String(t);
      const text = el('span', 's-text', token.replace(/\n/g, '↵'));
      if (t > 0) {
        const rgb = colorScaleRgb(lossShade(intact[t], vocab), this.dark);
        text.style.background = `rgb(${rgb.join(', ')})`;
        text.style.color = textColorOn(rgb);
        cell.dataset.loss = intact[t].toFixed(3);
      }
      const change = el('span', 's-change');
      change.setAttribute('aria-hidden', 'true');
      if (switched && t > 0) {
        const delta = switched[t] - intact[t];
        change.style.background = `rgb(${changeRgb(delta, bg).join(', ')})`;
        cell.dataset.change = delta.toFixed(3);
      }
      cell.append(text, change);
      return cell;
    });
    this.strip.replaceChildren(...cells);
    this.drawLegend(vocab, bg);
    this.sentence.textContent = this.describe();
    if (this.details.open) this.fillTable();
    else this.tableBox.replaceChildren();
  }

  drawLegend(vocab, bg) {
    const ramp = el('span', 'swatches');
    ramp.setAttribute('aria-hidden', 'true');
    for (let i = 0; i < LEGEND_STEPS; i++) {
      const swatch = el('span');
      swatch.style.background = `rgb(${colorScaleRgb(i / (LEGEND_STEPS - 1), this.dark).join(', ')})`;
      ramp.append(swatch);
    }
    const lossKey = el('span');
    lossKey.append(
      'loss: 0 nats (a sure guess) ',
      ramp,
      ` ${Math.log(vocab).toFixed(1)} nats or more (no better than an even guess among all ${vocab.toLocaleString('en')} tokens)`,
    );
    const changes = el('span', 'swatches');
    changes.setAttribute('aria-hidden', 'true');
    for (const delta of [-CHANGE_TOP, -CHANGE_TOP / 2, 0, CHANGE_TOP / 2, CHANGE_TOP]) {
      const swatch = el('span');
      swatch.style.background = `rgb(${changeRgb(delta, bg).join(', ')})`;
      changes.append(swatch);
    }
    const changeKey = el('span', 'change-legend');
    changeKey.append(
      `strip under each token, the change with heads off: blue, less surprised (−${CHANGE_TOP} nats) `,
      changes,
      ` vermilion, more surprised (+${CHANGE_TOP} nats or more)`,
    );
    this.legend.replaceChildren(lossKey, changeKey);
  }

  /** The view in one sentence: the mean loss, the best and worst guessed tokens, the change. */
  describe() {
    const { tokens, intact, switched } = this.data;
    const order = tokens.map((_, t) => t).filter((t) => t > 0 && Number.isFinite(intact[t]));
    if (!order.length) return '';
    order.sort((a, b) => intact[a] - intact[b] || a - b);
    const name = (t) => `${quoted(tokens[t])} (token ${t}, ${formatPercent(Math.exp(-intact[t]))})`;
    const best = order.slice(0, 3).map(name).join(', ');
    const worst = order.slice(-3).reverse().map(name).join(', ');
    let text =
      `With every head on, Sprout's loss is ${meanLoss(intact).toFixed(2)} nats per token on average. ` +
      `Best guessed: ${best}. Most surprising: ${worst}.`;
    if (switched) {
      text += ` With the heads off: ${meanLoss(switched).toFixed(2)} nats per token (${signedNats(meanLoss(switched) - meanLoss(intact))}).`;
    }
    return text;
  }

  fillTable() {
    const { tokens, intact, switched } = this.data;
    const table = el('table', 'loss-table');
    const caption = el('caption', 'visually-hidden', 'Loss at each token, in nats');
    const head = el('tr');
    const columns = [
      ['token', ''],
      ['text', ''],
      ['loss, every head on', ''],
      ['its probability', ''],
      ['loss, heads off', 'when-switched'],
      ['change', 'when-switched'],
    ];
    for (const [text, cls] of columns) {
      const th = el('th', cls, text);
      th.scope = 'col';
      head.append(th);
    }
    const thead = el('thead');
    thead.append(head);
    const tbody = el('tbody');
    for (let t = 1; t < tokens.length; t++) {
      const row = el('tr');
      const cells = [
        [String(t), ''],
        [tokens[t].replace(/\n/g, '↵'), 'token'],
        [intact[t].toFixed(2), ''],
        [formatPercent(Math.exp(-intact[t])), ''],
        [switched ? switched[t].toFixed(2) : '', 'when-switched'],
        [switched ? signedNats(switched[t] - intact[t]) : '', 'when-switched'],
      ];
      for (const [text, cls] of cells) row.append(el('td', cls, text));
      tbody.append(row);
    }
    table.append(caption, thead, tbody);
    this.tableBox.replaceChildren(table);
  }
}
