// W4's cost panel: how many scores one head computes at the grid's T and at a long context, how
// many the causal mask keeps, how many the reader's mask keeps, and all heads' count per pass.
import { attentionCost } from '../common/math.js';
import { el } from '../common/dom.js';
import { formatCount } from './core.js';

export const COST_CSS = `.cost { margin-top: 0.6rem; padding-top: 0.4rem; border-top: 1px solid var(--fg-lightest); }
.cost p { margin: 0.2rem 0; }
.cost strong { font-variant-numeric: tabular-nums; }
`;

export class CostPanel {
  constructor() {
    this.fields = {};
    this.element = el('div', 'cost');
    const line = (...parts) => {
      const p = el('p');
      p.append(...parts);
      this.element.append(p);
    };
    const number = (name) => {
      const strong = el('strong', `cost-${name}`);
      this.fields[name] = strong;
      return strong;
    };
    line(
      'For T = ',
      number('t'),
      ' tokens, one head computes ',
      number('scores'),
      ' scores (T × T). ',
      'The causal mask keeps ',
      number('kept'),
      ' of them (T(T+1)/2, about half) and throws away ',
      number('masked'),
      '. Your mask keeps ',
      number('unmasked'),
      '.',
    );
    line(
      'At ',
      number('long-t'),
      ' tokens one head computes ',
      number('long-scores'),
      ' scores (',
      number('long-kept'),
      ' kept); all ',
      number('heads'),
      ' heads compute ',
      number('long-all'),
      ' per pass.',
    );
  }

  /** The counts for a T x T `mask`, `heads` heads and a context of `long` tokens. */
  render(mask, heads, long) {
    const T = mask.length;
    const here = attentionCost(T, heads);
    const far = attentionCost(long, heads);
    const unmasked = mask.flat().filter((m) => !m).length;
    const values = {
      t: T,
      scores: here.scores,
      kept: here.kept,
      masked: here.masked,
      unmasked,
      'long-t': long,
      'long-scores': far.scores,
      'long-kept': far.kept,
      heads,
      'long-all': far.allHeads,
    };
    for (const [name, value] of Object.entries(values)) {
      this.fields[name].textContent = formatCount(value);
      this.fields[name].dataset.value = String(value);
    }
  }
}
