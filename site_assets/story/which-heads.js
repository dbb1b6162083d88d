// <sprout-story>'s "Which heads made this guess" panel: for the token selected in W2, every head's
// direct effect on Sprout's guess of it (from the run that analysed the story) and, on request,
// what removing each head alone costs that guess (48 removals in the worker). Each reading is an
// 8 x 6 table whose cells are shaded by size, with its five largest heads listed beside it and a
// button that switches those heads off together. The numbers download as JSON.
// The definitions are sprout/analysis/guess_heads.py's; docs/evidence.md states them.
import { downloadLink, el } from '../common/dom.js';
import { quoted } from '../common/format.js';
import { colorScaleRgb, textColorOn } from '../common/color.js';
import { START_GLYPH } from './core.js';

export const LISTED = 5; // heads in each ranked list
export const TOGETHER = 3; // heads "switch off together" takes from the top of a list

export const WHICH_CSS = `
.which-box .readings { display: flex; flex-wrap: wrap; gap: 0.6rem 2rem; }
.which-box table.reading { border-collapse: collapse; font-variant-numeric: tabular-nums; }
.which-box table.reading caption { text-align: left; font-weight: 600; padding-bottom: 0.2rem; }
.which-box table.reading th { font-weight: 400; color: var(--fg-light); font-size: 0.85em; padding: 0 0.3rem; }
.which-box table.reading td { min-width: 2.2rem; padding: 0.1rem 0.15rem; text-align: right; font-size: 0.85em; }
.which-box .table-scroll { max-width: 100%; overflow-x: auto; }
.which-box ol { margin: 0.2rem 0 0.3rem 1.4rem; padding: 0; font-variant-numeric: tabular-nums; }
.which-box button { min-height: 2rem; touch-action: manipulation; }
`;

const READINGS = {
  direct: {
    title: 'Direct effect',
    unit: 'logits',
    about:
      "what the head's own output adds to the guessed token's logit, above the mean logit " +
      "(through the output projection, the final norm's scale frozen as in the intact run, and the unembedding)",
  },
  removal: {
    title: 'Cost of removing the head alone',
    unit: 'nats',
    about: 'how much the log-probability of the guessed token falls when that head alone is switched off',
  },
};

/** [{ layer, head, value }] of a flat layers x heads array, largest first (ties: lower head first). */
export function rankHeads(values, heads) {
  return Array.from(values, (value, i) => ({
    layer: Math.floor(i / heads) + 1,
    head: (i % heads) + 1,
    value,
  })).sort((a, b) => b.value - a.value || a.layer - b.layer || a.head - b.head);
}

/** The direct effects of one guess (that of token `token`) out of the story run's (layers, heads, T - 1) array. */
export function directOf(direct, layers, heads, T, token) {
  const out = new Float32Array(layers * heads);
  for (let i = 0; i < layers * heads; i++) out[i] = direct[i * (T - 1) + token - 1];
  return out;
}

/** What the download holds: the guess and both readings as layers x heads arrays. */
export function guessRecord({ tokens, token, logprob, direct, removal, layers, heads }) {
  const grid = (values) =>
    values && Array.from({ length: layers }, (_, l) => Array.from(values.slice(l * heads, (l + 1) * heads)));
  return {
    token,
    guessed: tokens[token],
    after: tokens[token - 1],
    logprob,
    direct_logits: grid(direct),
    removal_nats: grid(removal),
    definitions: Object.fromEntries(Object.entries(READINGS).map(([k, r]) => [k, `${r.about} (${r.unit})`])),
  };
}

/**
 * new WhichHeadsView({ onMeasure(token), onSwitchOff(heads) }): `.element` to place; select(guess)
 * shows a guess ({ tokens, token, direct, layers, heads, logprob }); showRemoval(removal) adds
 * the removal costs of the guess shown; say(text) puts a line in its status.
 */
export class WhichHeadsView {
  constructor({ onMeasure, onSwitchOff }) {
    this.onMeasure = onMeasure;
    this.onSwitchOff = onSwitchOff;
    this.dark = false;
    this.guess = null; // the guess shown: { tokens, token, layers, heads, logprob, direct }
    this.removal = null; // its removal costs, once measured
    const box = el('section', 'which-box');
    box.setAttribute('aria-labelledby', 'which-title');
    const title = el('h4', '', 'Which heads made this guess');
    title.id = 'which-title';
    this.title = title;
    this.question = el('p', 'which-question');
    this.measure = el('button', 'which-measure', 'Remove each head in turn');
    this.measure.type = 'button';
    this.measure.addEventListener('click', () => this.guess && this.onMeasure(this.guess.token));
    this.status = el('p', 'which-status hint');
    this.status.setAttribute('role', 'status');
    this.readings = el('div', 'readings');
    this.download = downloadLink('Download these numbers (JSON)', () =>
      this.guess
        ? {
            name: `sprout-guess-${this.guess.token}.json`,
            blob: new Blob([JSON.stringify(guessRecord({ ...this.guess, removal: this.removal }), null, 1)], {
              type: 'application/json',
            }),
          }
        : null,
    );
    const about = el(
      'p',
      'hint',
      "Direct effect: what the head's own output writes into the guess, the final norm's scale frozen " +
        'as in the run with every head on. Removal: what the guess loses when that head alone is switched off, ' +
        'as the switches above do it. The two can disagree: a head can prepare what later heads read, ' +
        'and other heads can stand in for one removed.',
    );
    box.append(title, this.question, about, this.measure, this.status, this.readings, el('p', '', ''));
    box.lastChild.append(this.download);
    box.hidden = true;
    this.element = box;
  }

  setDark(dark) {
    this.dark = dark;
    if (this.guess) this.draw();
  }

  /** A guess to show: its direct effects now, its removals when measured. */
  select(guess) {
    this.element.hidden = false;
    const { tokens, token } = guess;
    this.removal = null;
    if (token < 1 || token >= tokens.length) {
      this.guess = null;
      this.question.textContent = `${START_GLYPH} starts every story: nothing guesses it. Select another token.`;
      this.measure.hidden = true;
      this.readings.replaceChildren();
      this.download.hidden = true;
      return;
    }
    this.guess = guess;
    this.question.textContent =
      `Sprout's guess of ${quoted(tokens[token])} (token ${token}) after ${quoted(tokens[token - 1])}: ` +
      `probability ${Math.exp(guess.logprob).toFixed(3)}.`;
    this.measure.hidden = false;
    this.measure.disabled = false;
    this.measure.textContent = `Remove each head in turn (48 runs, for ${quoted(tokens[token])})`;
    this.download.hidden = false;
    this.status.textContent = '';
    this.draw();
  }

  showRemoval(token, removal, seconds) {
    if (!this.guess || this.guess.token !== token) return;
    this.removal = removal;
    this.seconds = seconds;
    this.status.textContent = `The ${removal.length} removals took ${seconds.toFixed(1)} s.`;
    this.draw();
  }

  say(text) {
    this.status.textContent = text;
  }

  /** While the removals run, the button that starts them waits. */
  setBusy(busy) {
    this.measure.disabled = busy;
  }

  draw() {
    const { layers, heads } = this.guess;
    const parts = [this.reading('direct', this.guess.direct, layers, heads)];
    if (this.removal) parts.push(this.reading('removal', this.removal, layers, heads));
    this.readings.replaceChildren(...parts);
  }

  reading(key, values, layers, heads) {
    const r = READINGS[key];
    const box = el('div', `reading-${key}`);
    const ranked = rankHeads(values, heads);
    const list = el('ol', `ranked-${key}`);
    list.setAttribute('aria-label', `${r.title}: the ${LISTED} largest`);
    for (const h of ranked.slice(0, LISTED))
      list.append(el('li', '', `layer ${h.layer}, head ${h.head}: ${h.value.toFixed(2)} ${r.unit}`));
    const top = ranked.slice(0, TOGETHER).map((h) => [h.layer, h.head]);
    const off = el('button', `off-${key}`, `Switch these ${TOGETHER} off together`);
    off.type = 'button';
    off.setAttribute(
      'aria-label',
      `Switch these ${TOGETHER} off together: the heads with the largest ${r.title.toLowerCase()}`,
    );
    off.addEventListener('click', () => this.onSwitchOff(top));
    // a table wider than a narrow column scrolls, and the keyboard reaches it
    const scroll = el('div', 'table-scroll');
    scroll.tabIndex = 0;
    scroll.setAttribute('role', 'region');
    scroll.setAttribute('aria-label', `${r.title} of every head`);
    scroll.append(this.table(key, values, layers, heads));
    const heading = el('h5', '', `${r.title} (${r.unit})`);
    // one level under the panel's title, whatever level the block's headings were given
    heading.setAttribute('aria-level', String(Number(this.title.getAttribute('aria-level') || 4) + 1));
    box.append(heading, list, off, scroll);
    return box;
  }

  table(key, values, layers, heads) {
    const r = READINGS[key];
    const table = el('table', `reading ${key}`);
    table.append(el('caption', '', `${r.title} of every head (${r.unit}): ${r.about}`));
    const head = el('tr');
    head.append(el('td'));
    for (let h = 1; h <= heads; h++) {
      const th = el('th', '', `head ${h}`);
      th.scope = 'col';
      head.append(th);
    }
    table.append(head);
    const largest = Math.max(1e-9, ...Array.from(values, Math.abs));
    for (let l = 0; l < layers; l++) {
      const row = el('tr');
      const th = el('th', '', `layer ${l + 1}`);
      th.scope = 'row';
      row.append(th);
      for (let h = 0; h < heads; h++) {
        const v = values[l * heads + h];
        const cell = el('td', 'value', v.toFixed(2));
        const rgb = colorScaleRgb(Math.max(0, v) / largest, this.dark);
        cell.style.background = `rgb(${rgb.join(', ')})`;
        cell.style.color = textColorOn(rgb);
        row.append(cell);
      }
      table.append(row);
    }
    return table;
  }
}
