// <sprout-grow>'s heads panel: once the two-layer model has dropped, where every head of every
// raced model looks on one fresh example (row 0 of a small batch from the seed's example stream),
// one small map per head (rows: the token looking; columns: the token looked at). The cells where
// an induction head looks (from the second copy's tokens to the token after each one's earlier
// copy) are outlined; each map's caption gives its previous-token and induction scores over the
// whole batch, and the two-layer model's layer-1 previous-token head and layer-2 induction head
// are named.
import { colorScale } from '../common/color.js';
import { actionButton, el, svgEl } from '../common/dom.js';
import { bestHead, headMap } from './scores.js';
import { depthLabel } from './text.js';

export const HEADS_CSS = `
.heads-panel { margin-top: 0.8rem; border-top: 1px solid var(--fg-lightest); padding-top: 0.5rem; }
.heads-panel .panel-title { font-weight: 600; margin: 0 0 0.2rem; }
.example { font-family: var(--md-code-font-family, ui-monospace, monospace); overflow-wrap: anywhere; margin: 0.3rem 0; }
.example .tok { display: inline-block; min-width: 1.6em; text-align: center; }
.example .tok.first { border-bottom: 2px solid var(--fg-light); }
.example .tok.second { border-bottom: 2px solid var(--accent); }
.model-maps { margin: 0.4rem 0; }
.model-maps .maps { display: flex; flex-wrap: wrap; gap: 0.6rem; }
.head-map { margin: 0; width: 8.5rem; max-width: calc(50% - 0.3rem); }
.head-map svg { display: block; width: 100%; height: auto; border: 1px solid var(--fg-lightest); }
.head-map.key { outline: 2px solid var(--accent); outline-offset: 2px; }
.head-map figcaption { font-size: 0.85em; line-height: 1.3; }
.head-map .role { font-weight: 600; }
`;

const CELL = 5;

function mapSvg(map, outlined, dark, label) {
  const S = map.length;
  const svg = svgEl('svg', { viewBox: `0 0 ${S * CELL} ${S * CELL}`, role: 'img', 'aria-label': label });
  for (let q = 0; q < S; q++) {
    for (let k = 0; k <= q; k++) {
      svg.append(
        svgEl('rect', {
          x: k * CELL,
          y: q * CELL,
          width: CELL,
          height: CELL,
          fill: colorScale(map[q][k], dark),
        }),
      );
    }
  }
  for (const [q, k] of outlined) {
    svg.append(
      svgEl('rect', {
        class: 'target',
        x: k * CELL + 0.5,
        y: q * CELL + 0.5,
        width: CELL - 1,
        height: CELL - 1,
        fill: 'none',
        stroke: dark ? '#ff8a65' : '#d84315',
        'stroke-width': 0.8,
      }),
    );
  }
  return svg;
}

/** [query, key] of row 0's induction cells: b + j looks at a + j + 1, j = 0..L-2. */
export function inductionCells(batch) {
  const cells = [];
  for (let j = 0; j < batch.length[0] - 1; j++) cells.push([batch.second[0] + j, batch.first[0] + j + 1]);
  return cells;
}

/**
 * A model of 2 or more layers: its best induction head above layer 1 and its best previous-token
 * head in the layers below that one ([layer, head], 0-based); a 1-layer model has neither.
 */
export function keyHeadsOf(layers, previous, induction) {
  if (layers < 2) return {};
  const found = bestHead(
    induction,
    Array.from({ length: layers - 1 }, (_, i) => i + 1),
  );
  return {
    induction: found,
    previous: bestHead(
      previous,
      Array.from({ length: found[0] }, (_, i) => i),
    ),
  };
}

export class HeadsPanel {
  constructor(onAnother) {
    this.element = el('section', 'heads-panel');
    this.element.setAttribute('aria-label', 'Where the heads look');
    this.element.hidden = true;
    this.title = el('p', 'panel-title', 'Where the heads look on a fresh example');
    this.note = el('p', 'hint');
    this.example = el('p', 'example');
    this.maps = el('div');
    this.another = actionButton('another', 'Another example', onAnother);
    this.element.append(this.title, this.note, this.example, this.maps, this.another);
  }

  /** seen: [{ layers, weights, previous, induction, batch, step }] for one example, shallowest first. */
  render(seen, spec, dark) {
    if (!seen.length) return;
    const batch = seen[0].batch;
    this.element.hidden = false;
    this.note.textContent =
      'Each square is one head on the example below (its first 24 tokens, row by row: the token looking; ' +
      'column by column: the token it looks at; darker is more weight). Outlined: where an induction head ' +
      'should look, from each token of the second copy to the token after its earlier copy. ' +
      'Scores are averaged over 64 such examples.';
    this.renderExample(batch);
    this.maps.replaceChildren(...seen.map((model) => this.renderModel(model, spec, dark)));
  }

  renderExample(batch) {
    const S = batch.seqLen;
    const a = batch.first[0];
    const b = batch.second[0];
    const n = batch.length[0];
    const tokens = Array.from(batch.tokens.slice(0, S), (token, t) => {
      const kind = t >= a && t < a + n ? 'tok first' : t >= b && t < b + n ? 'tok second' : 'tok';
      return el('span', kind, String(token));
    });
    const words = el(
      'span',
      'visually-hidden',
      `Tokens ${a + 1} to ${a + n} repeat at ${b + 1} to ${b + n}. `,
    );
    this.example.replaceChildren(words, ...tokens);
  }

  renderModel({ layers, weights, previous, induction, batch, step }, spec, dark) {
    const H = spec.heads;
    const S = spec.seq_len;
    const group = el('div', 'model-maps');
    group.dataset.layers = String(layers);
    group.dataset.step = String(step);
    const keyHeads = keyHeadsOf(layers, previous, induction);
    group.append(el('p', 'panel-title', `${depthLabel(layers)} (at step ${step})`));
    const maps = el('div', 'maps');
    const cells = inductionCells(batch);
    for (let layer = 0; layer < layers; layer++) {
      for (let head = 0; head < H; head++) {
        const prev = previous[layer][head];
        const ind = induction[layer][head];
        const role =
          keyHeads.previous?.join() === `${layer},${head}`
            ? 'previous-token head'
            : keyHeads.induction?.join() === `${layer},${head}`
              ? 'induction head'
              : '';
        const name = `${depthLabel(layers)}, layer ${layer + 1}, head ${head + 1}`;
        const label = `${name}: previous-token score ${prev.toFixed(2)}, induction score ${ind.toFixed(2)}${role ? `, the ${role}` : ''}`;
        const figure = el('figure', role ? 'head-map key' : 'head-map');
        Object.assign(figure.dataset, {
          layer: String(layer + 1),
          head: String(head + 1),
          previous: String(prev),
          induction: String(ind),
          role,
        });
        const caption = el('figcaption');
        caption.append(`L${layer + 1} H${head + 1} · prev ${prev.toFixed(2)} · ind ${ind.toFixed(2)}`);
        if (role) caption.append(el('br'), el('span', 'role', role));
        figure.append(mapSvg(headMap(weights, layer, 0, head, H, S), cells, dark, label), caption);
        maps.append(figure);
      }
    }
    group.append(maps);
    return group;
  }
}
