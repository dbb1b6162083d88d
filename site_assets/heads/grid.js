// W5's grid: one small attention map per head (rows: layers, columns: heads), drawn from the
// story's decoded bytes, with the chosen kind's scores on badges, the top heads outlined, the
// chosen head marked and a roving keyboard focus. The element (sprout-heads.js) owns the state;
// the grid shows it and reports a head the reader picks.
import { colorTable } from '../common/color.js';
import { el } from '../common/dom.js';
import { formatScore } from './scores.js';

/** Move a grid position by an arrow / Home / End key inside rows x cols; null for other keys. */
export function gridStep(layer, head, key, rows, cols, ctrl = false) {
  const moves = {
    ArrowUp: [layer - 1, head],
    ArrowDown: [layer + 1, head],
    ArrowLeft: [layer, head - 1],
    ArrowRight: [layer, head + 1],
    Home: ctrl ? [1, 1] : [layer, 1],
    End: ctrl ? [rows, cols] : [layer, cols],
  };
  const to = moves[key];
  if (!to) return null;
  return [Math.min(rows, Math.max(1, to[0])), Math.min(cols, Math.max(1, to[1]))];
}

/** Fill RGBA pixels (T x T) of one head from its square weight bytes; the future stays clear. */
export function paintHead(pixels, headBytes, T, rgbTable) {
  pixels.fill(0);
  for (let t = 0; t < T; t++) {
    let p = t * T * 4;
    const row = t * T;
    for (let j = 0; j <= t; j++, p += 4) {
      const c = headBytes[row + j] * 3;
      pixels[p] = rgbTable[c];
      pixels[p + 1] = rgbTable[c + 1];
      pixels[p + 2] = rgbTable[c + 2];
      pixels[p + 3] = 255;
    }
  }
}

export const GRID_CSS = `.grid {
  display: grid;
  grid-template-columns: 2rem repeat(var(--heads, 6), minmax(0, 1fr));
  gap: 3px;
  max-width: 30rem;
}
.colhead, .rowhead { font-size: 0.75em; color: var(--fg-light); text-align: center; align-self: center; }
.cell {
  position: relative; padding: 0; margin: 0; border: 2px solid transparent; border-radius: 3px;
  background: transparent; cursor: pointer; line-height: 0; min-width: 0;
}
.cell canvas {
  width: 100%; aspect-ratio: 1; display: block; border: 1px solid var(--fg-lightest);
  background: repeating-linear-gradient(135deg, transparent 0 2px, var(--fg-lightest) 2px 4px);
}
.cell:hover { border-color: var(--fg-light); }
.cell[aria-selected="true"] { border-color: var(--fg); }
.cell.top { border-color: var(--accent); box-shadow: 0 0 0 2px var(--accent); }
.cell:focus-visible { outline: 3px solid var(--accent); outline-offset: 1px; }
.cell.off canvas { opacity: 0.3; }
.cell.off { border-style: dashed; border-color: var(--fg-light); }
.badge {
  position: absolute; right: 1px; bottom: 1px; font-size: 0.62rem; line-height: 1.2;
  padding: 0 2px; border-radius: 2px; background: var(--bg); color: var(--fg);
  font-variant-numeric: tabular-nums; pointer-events: none;
}
.badge:empty { display: none; }
.cell.top .badge { font-weight: 700; color: var(--fg); box-shadow: inset 0 -2px 0 var(--accent); }  /* accent text on a light page is too faint to read */`;

/** A `display: contents` row of the ARIA grid. */
function gridRow() {
  const row = el('div', '');
  row.setAttribute('role', 'row');
  row.style.display = 'contents';
  return row;
}

/** A row or column header: its short text (L3, H2) and a spoken name (layer 3, head 2). */
function header(className, text, role, name) {
  const label = el('span', className, text);
  label.setAttribute('role', role);
  label.setAttribute('aria-label', name);
  return label;
}

/**
 * The grid in `box` (the template's `.grid`). `onPick(layer, head)` runs when the reader
 * clicks a head or presses Enter or Space on it; the arrow keys only move the focus (`focus`,
 * [layer, head], 1-based: the one cell with a tab stop).
 */
export class HeadsGrid {
  constructor(box, onPick) {
    this.box = box;
    this.cells = null;
    this.focus = null;
    box.addEventListener('click', (event) => {
      const cell = event.target.closest('.cell');
      if (cell) onPick(Number(cell.dataset.layer), Number(cell.dataset.head));
    });
    box.addEventListener('keydown', (event) => this.onKey(event, onPick));
  }

  /** Cells for `layers` x `heads` maps of T tokens (kept while the shape stays the same). */
  build({ layers, heads, T }) {
    if (this.cells && this.shape === `${layers}x${heads}x${T}`) return;
    this.shape = `${layers}x${heads}x${T}`;
    this.layers = layers;
    this.heads = heads;
    this.box.style.setProperty('--heads', String(heads));
    const top = gridRow();
    top.append(el('span', 'colhead', ''));
    for (let h = 1; h <= heads; h++) top.append(header('colhead', `H${h}`, 'columnheader', `head ${h}`));
    const rows = [top];
    this.cells = [];
    for (let l = 1; l <= layers; l++) {
      const row = gridRow();
      row.append(header('rowhead', `L${l}`, 'rowheader', `layer ${l}`));
      const cellsOfLayer = [];
      for (let h = 1; h <= heads; h++) {
        const cell = el('div', 'cell');
        cell.setAttribute('role', 'gridcell');
        cell.dataset.layer = String(l);
        cell.dataset.head = String(h);
        cell.tabIndex = -1;
        const canvas = el('canvas');
        canvas.width = T;
        canvas.height = T;
        canvas.setAttribute('aria-hidden', 'true');
        const badge = el('span', 'badge');
        badge.setAttribute('aria-hidden', 'true');
        cell.append(canvas, badge);
        row.append(cell);
        cellsOfLayer.push({ cell, canvas, badge, context: canvas.getContext('2d'), image: null });
      }
      this.cells.push(cellsOfLayer);
      rows.push(row);
    }
    this.box.replaceChildren(...rows);
    // named a grid only now that it has rows (an empty grid breaks ARIA's required children)
    this.box.setAttribute('role', 'grid');
    this.box.setAttribute('aria-label', 'Attention maps of all heads: rows are layers, columns are heads');
  }

  cellAt(layer, head) {
    return this.cells?.[layer - 1]?.[head - 1];
  }

  /** Draw every thumbnail from the decoded bytes (one colour lookup per weight). */
  draw(maps, dark) {
    if (!this.cells) return;
    const { rgb } = colorTable(dark);
    this.cells.forEach((row, l) =>
      row.forEach((c, h) => {
        c.image ||= c.context.createImageData(maps.T, maps.T);
        paintHead(c.image.data, maps.head(l, h), maps.T, rgb);
        c.context.putImageData(c.image, 0, 0);
      }),
    );
  }

  /**
   * Each cell's badge (its score in `matrix`, none without one), the outline of the `tops`
   * ({ layer, head }, 1-based) and its accessible name, `label(layer, head)`.
   */
  showScores(matrix, tops, label) {
    if (!this.cells) return;
    const isTop = new Set(tops.map((t) => `${t.layer}/${t.head}`));
    this.cells.forEach((row, l) =>
      row.forEach((c, h) => {
        const score = matrix?.[l]?.[h];
        c.badge.textContent = score === undefined ? '' : formatScore(score);
        c.cell.classList.toggle('top', isTop.has(`${l + 1}/${h + 1}`));
        c.cell.setAttribute('aria-label', label(l + 1, h + 1));
      }),
    );
  }

  /** Dim the maps of the heads switched off ([layer, head] pairs, 1-based). */
  markOff(off) {
    if (!this.cells) return;
    const isOff = new Set(off.map(([l, h]) => `${l}/${h}`));
    this.cells.forEach((row, l) =>
      row.forEach((c, h) => c.cell.classList.toggle('off', isOff.has(`${l + 1}/${h + 1}`))),
    );
  }

  /** Mark the chosen head (layer null: none) and give the focus cell, kept inside the grid, the tab stop. */
  showChoice(layer, head) {
    const [fl, fh] = this.focus;
    this.focus = [Math.min(this.layers, fl), Math.min(this.heads, fh)];
    this.cells.forEach((row, l) =>
      row.forEach((c, h) => {
        c.cell.setAttribute('aria-selected', String(layer === l + 1 && head === h + 1));
        c.cell.tabIndex = l + 1 === this.focus[0] && h + 1 === this.focus[1] ? 0 : -1;
      }),
    );
  }

  /** Put the keyboard focus on the focus cell (Escape from the enlarged map comes back here). */
  focusCell() {
    this.cellAt(...this.focus)?.cell.focus();
  }

  onKey(event, onPick) {
    const cell = event.target.closest('.cell');
    if (!cell || !this.cells) return;
    const layer = Number(cell.dataset.layer);
    const head = Number(cell.dataset.head);
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onPick(layer, head);
      return;
    }
    const to = gridStep(layer, head, event.key, this.layers, this.heads, event.ctrlKey);
    if (!to) return;
    event.preventDefault();
    this.focus = to;
    this.cells.forEach((row) =>
      row.forEach((c) => {
        c.cell.tabIndex = -1;
      }),
    );
    const target = this.cellAt(...to).cell;
    target.tabIndex = 0;
    target.focus();
  }
}
