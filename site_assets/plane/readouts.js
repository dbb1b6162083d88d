// W3's readouts beside the plane: each key's score and weight (a bar and its percentage), the
// weights' sum, the output colour (the weighted blend of the values), the query's coordinates
// and the note shown while every score is negative. The element (sprout-plane.js) computes the
// numbers; the readouts show them.
import { el } from '../common/dom.js';
import { cssRgb, fmt2, weightSumText, weightText } from './core.js';

export const READOUTS_CSS = `.readouts { flex: 1 1 14rem; min-width: 0; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
caption { text-align: left; font-weight: 600; padding-bottom: 0.2rem; }
th, td { padding: 0.15rem 0.3rem; text-align: left; border-bottom: 1px solid var(--fg-lightest); }
td.score { text-align: right; white-space: nowrap; }
.swatch {
  display: inline-block; width: 0.9em; height: 0.9em; border-radius: 50%;
  border: 1px solid var(--fg-lighter); vertical-align: -0.1em; margin-right: 0.3em;
}
.bar-track { height: 0.55rem; background: var(--fg-lightest); border-radius: 0.2rem; overflow: hidden; }
.bar { height: 100%; border-right: 1px solid var(--fg-lighter); }
.weight { white-space: nowrap; font-size: 0.9em; }
.output-row { display: flex; align-items: center; gap: 0.5rem; margin-top: 0.5rem; flex-wrap: wrap; }
.output-swatch {
  width: 2.2rem; height: 2.2rem; border-radius: 0.3rem; border: 1px solid var(--fg-lighter); flex: none;
}
.weight-sum, .coords { color: var(--fg-light); margin: 0.3rem 0 0; }
.note-nobody {
  margin: 0.4rem 0 0; padding: 0.3rem 0.5rem; border-left: 3px solid var(--accent);
  background: var(--fg-lightest);
}`;

/** The readouts of keys `names` (in the table's order) whose value colours are `values` (name -> RGB in 0..1). */
export class PlaneReadouts {
  constructor(names, values) {
    this.names = names;
    this.values = values;
    const box = el('div', 'readouts');
    const table = el('table');
    const caption = el('caption', '', 'Scores and weights');
    const head = el('tr');
    head.append(el('th', '', 'key'), el('th', '', 'score'), el('th', '', 'weight'));
    const thead = el('thead');
    thead.append(head);
    const body = el('tbody');
    this.rows = {};
    for (const name of names) body.append(this.row(name));
    table.append(caption, thead, body);

    this.sumText = el('p', 'weight-sum');
    this.nobodyNote = el(
      'p',
      'note-nobody',
      'Every score is negative, yet the weights still add up to 100%: ' +
        'softmax always shares out all of the attention. Attention cannot look nowhere.',
    );
    this.nobodyNote.setAttribute('role', 'note');
    const outputRow = el('div', 'output-row');
    this.outputSwatch = el('div', 'output-swatch');
    this.outputSwatch.setAttribute('aria-hidden', 'true');
    const outputText = el('div');
    outputText.append(el('strong', '', 'Output '), el('span', '', '(the weighted blend of the values): '));
    this.outputValue = el('span', 'output');
    outputText.append(this.outputValue);
    outputRow.append(this.outputSwatch, outputText);
    this.coords = el('p', 'coords');
    box.append(table, this.sumText, outputRow, this.coords, this.nobodyNote);
    this.box = box;
  }

  row(name) {
    const row = el('tr');
    const key = el('th');
    key.setAttribute('scope', 'row');
    const swatch = el('span', 'swatch');
    swatch.style.background = cssRgb(this.values[name]);
    swatch.setAttribute('aria-hidden', 'true');
    key.append(swatch, name);
    const score = el('td', 'score');
    const weightCell = el('td');
    const track = el('div', 'bar-track');
    const bar = el('div', 'bar');
    bar.style.background = cssRgb(this.values[name]);
    track.append(bar);
    track.setAttribute('aria-hidden', 'true');
    const weight = el('div', 'weight');
    weightCell.append(track, weight);
    score.dataset.key = name;
    weight.dataset.key = name;
    bar.dataset.key = name;
    row.append(key, score, weightCell);
    this.rows[name] = { score, weight, bar };
    return row;
  }

  /** One state's numbers: { scores, weights, output } as attend() returns them, for the query at `query`. */
  show({ scores, weights, output }, query) {
    this.names.forEach((name, j) => this.showRow(name, scores[j], weights[j]));
    const total = weights.reduce((a, b) => a + b, 0);
    this.sumText.textContent = weightSumText(total);
    this.sumText.dataset.value = String(total);
    this.nobodyNote.hidden = !scores.every((s) => s < 0);
    this.outputValue.textContent = `rgb(${output.map((c) => c.toFixed(3)).join(', ')})`;
    this.outputValue.dataset.value = output.map((c) => c.toFixed(3)).join(',');
    this.outputSwatch.style.background = cssRgb(output);
    this.coords.textContent = `query (${fmt2(query[0])}, ${fmt2(query[1])})`;
    this.coords.dataset.x = String(query[0]);
    this.coords.dataset.y = String(query[1]);
  }

  showRow(name, score, weight) {
    const { score: scoreCell, weight: weightCell, bar } = this.rows[name];
    scoreCell.textContent = fmt2(score);
    scoreCell.dataset.value = String(score);
    weightCell.textContent = weightText(weight);
    weightCell.dataset.value = String(weight);
    bar.style.width = `${weight * 100}%`;
  }
}
