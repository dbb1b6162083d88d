// W5's enlarged map: one head's attention map at full size (or fitted to a narrow box), the
// tokens on both axes in label strips pinned beside it while it scrolls, a cursor that reads out
// one weight (pointer, touch or arrow keys), a "Full size" toggle and the map as CSV. The element
// (sprout-heads.js) says which head of which story to show; the map draws it. Its pure parts
// (geometry, keys, the readout's words, the CSV) are in map-core.js.
import {
  axisLabel,
  cellUnder,
  cursorOffset,
  fittedCell,
  labelStep,
  mapCsv,
  mapStep,
  readoutText,
  scrollToShow,
} from './map-core.js';

const CELL = 10; // CSS pixels per token in the enlarged map at full size
const LABEL_SIZE = 10; // CSS pixels a 9 px label needs along the axis it is stacked on
const LABEL_FONT = '9px system-ui, sans-serif';
const NARROW = 520; // px: a box narrower than this fits the map into it unless the reader asks for full size

/** Size a canvas to width x height CSS pixels at the screen's resolution; its context, cleared, draws in CSS pixels. */
function sizedContext(canvas, width, height) {
  const ratio = globalThis.devicePixelRatio || 1;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  const ctx = canvas.getContext('2d');
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, width, height);
  return ctx;
}

export const MAP_CSS = `/* the enlarged map scrolls under two pinned label strips: keys on top, queries on the left;
   fitted to the box (.fit), nothing scrolls and a finger on the map reads weights instead */
.scroll {
  position: relative; overflow: auto; max-width: 100%; max-height: 32rem;
  border: 1px solid var(--fg-lightest); border-radius: 0.2rem;
  isolation: isolate;
}
.sheet-row { display: flex; width: max-content; }
.sheet-row > * { flex: none; }
.keys-row { position: sticky; top: 0; z-index: 2; }
.corner, .labels { background: var(--bg); }
.corner, .queries { position: sticky; left: 0; z-index: 1; }
.scroll canvas { display: block; }
.scroll.fit canvas.big { touch-action: none; }
.plot { position: relative; }
.big:focus-visible { outline: 3px solid var(--accent); outline-offset: -3px; }
.cursor {
  position: absolute; pointer-events: none; border: 2px solid var(--accent);
  box-shadow: 0 0 0 1px var(--bg); display: none;
}
.readout { min-height: 1.5em; margin: 0.3rem 0; font-variant-numeric: tabular-nums; }`;

/** The map's markup, inside W5's `.detail` (indented as the element's template). */
export const MAP_MARKUP = `    <p class="hint">In the map: hover or touch it, or focus it and use the arrow keys (<kbd>↑</kbd> <kbd>↓</kbd> query,
      <kbd>←</kbd> <kbd>→</kbd> key) to read one weight.
      <button type="button" class="zoom" aria-pressed="false">Full size</button></p>
    <div class="scroll">
      <div class="sheet-row keys-row">
        <div class="corner"></div>
        <canvas class="labels keys" aria-hidden="true"></canvas>
      </div>
      <div class="sheet-row">
        <canvas class="labels queries" aria-hidden="true"></canvas>
        <div class="plot">
          <canvas class="big" tabindex="0" role="img"></canvas>
          <div class="cursor"></div>
        </div>
      </div>
    </div>
    <p class="readout" aria-live="polite"></p>`;

/**
 * The enlarged map in `root` (a shadow root holding MAP_MARKUP) of the element `host` (whose
 * text colour the labels take). `thumbnail(layer, head)` is the grid's canvas of that head, the
 * map's pixels; `onEscape()` runs when the reader leaves the map with Escape.
 */
export class HeadMap {
  constructor(root, host, { thumbnail, onEscape }) {
    const part = (selector) => root.querySelector(selector);
    this.ui = {
      big: part('.big'),
      cursor: part('.cursor'),
      readout: part('.readout'),
      scroll: part('.scroll'),
      corner: part('.corner'),
      keys: part('.labels.keys'),
      queries: part('.labels.queries'),
      zoom: part('.zoom'),
    };
    this.host = host;
    this.thumbnail = thumbnail;
    this.onEscape = onEscape;
    this.view = null;
    this.keyCursor = null;
    this.listen();
  }

  listen() {
    const { big, zoom } = this.ui;
    big.addEventListener('pointermove', (e) => this.onPointer(e));
    // a cell pressed becomes the keyboard's cursor too: the focus that follows a tap keeps it
    big.addEventListener('pointerdown', (e) => {
      this.keyCursor = this.onPointer(e) || this.keyCursor;
    });
    zoom.addEventListener('click', () => {
      this.fullSize = zoom.getAttribute('aria-pressed') !== 'true';
      this.draw();
      this.setCursor(this.keyCursor || null);
    });
    // a lifted finger leaves its weight on show; a mouse that leaves goes back to the keyboard's cursor
    big.addEventListener(
      'pointerleave',
      (e) => e.pointerType === 'touch' || this.setCursor(this.keyCursor || null),
    );
    big.addEventListener('keydown', (e) => this.onKey(e));
    big.addEventListener('focus', () => {
      if (this.view) this.setCursor((this.keyCursor ||= this.startCursor()));
    });
  }

  /** Show one head: `view` is { data (as prepareExample returns it), example, layer, head } (1-based). */
  show(view) {
    this.view = view;
    this.labelMargin = null;
    this.draw();
    this.setCursor(this.keyCursor || null);
  }

  /** A new head or story: the keyboard's cursor starts again from the last token. */
  forgetCursor() {
    this.keyCursor = null;
  }

  /** A phone turned sideways (or a resized window): the fitted map takes the new width. */
  refit() {
    if (!this.view || this.cellSize(this.margin()) === this.cell) return;
    this.draw();
    this.setCursor(this.keyCursor || null);
  }

  /** The shown map as a CSV download ({ name, blob }); null before a head is shown. */
  file() {
    if (!this.view) return null;
    const { data, example, layer, head } = this.view;
    return {
      name: `${example}_layer${layer}_head${head}.csv`,
      blob: new Blob([mapCsv(data.maps, data.tokens, layer, head)], { type: 'text/csv' }),
    };
  }

  /** The width of the label strips: the widest label (at most 90 px) and a little room. */
  margin() {
    if (!this.labelMargin) {
      const probe = this.ui.big.getContext('2d');
      probe.font = LABEL_FONT;
      const widest = Math.max(...this.view.data.tokens.map((t) => probe.measureText(axisLabel(t)).width));
      this.labelMargin = Math.ceil(Math.min(widest, 90)) + 6;
    }
    return this.labelMargin;
  }

  /**
   * Pixels per token: full size (CELL) when the reader pressed "Full size" or the box is wide,
   * else as many as fit the box's width (the map then never scrolls sideways).
   */
  cellSize(margin) {
    const width = this.ui.scroll.clientWidth - 1; // a pixel to spare: scroll sizes are rounded
    const fit = this.fullSize === undefined ? width > 0 && width < NARROW : !this.fullSize;
    return fit ? fittedCell(width, margin, this.view.data.maps.T, CELL) : CELL;
  }

  /** The enlarged map, the query labels (rows, left strip) and the key labels (columns, top strip). */
  draw() {
    if (!this.view) return;
    const { data, layer, head } = this.view;
    const T = data.maps.T;
    const m = this.margin();
    const cell = (this.cell = this.cellSize(m));
    const fitted = cell < CELL;
    this.ui.scroll.classList.toggle('fit', fitted);
    // the choice exists only where the full-size map is wider than the box
    this.ui.zoom.hidden = !fitted && fittedCell(this.ui.scroll.clientWidth, m, T, CELL) === CELL;
    this.ui.zoom.setAttribute('aria-pressed', String(!fitted));
    const side = T * cell;
    const fg = getComputedStyle(this.host).color || '#222';
    const { big, corner, keys, queries } = this.ui;
    big.setAttribute(
      'aria-label',
      `Attention map of layer ${layer}, head ${head}: ${T} queries by ${T} keys`,
    );
    const map = sizedContext(big, side, side);
    drawFuture(map, T, fg, cell);
    map.imageSmoothingEnabled = false;
    map.drawImage(this.thumbnail(layer, head), 0, 0, side, side);

    corner.style.width = `${m}px`;
    corner.style.height = `${m}px`;
    const step = labelStep(cell, LABEL_SIZE);
    const labels = data.tokens.map((token, t) => (t % step === 0 ? axisLabel(token) : ''));
    const rows = labelContext(queries, m, side, fg);
    rows.textAlign = 'right';
    labels.forEach((text, t) => text && rows.fillText(text, m - 3, t * cell + cell / 2));
    const columns = labelContext(keys, side, m, fg);
    columns.rotate(-Math.PI / 2); // each label reads bottom to top, starting just above the map
    columns.textAlign = 'left';
    labels.forEach((text, j) => text && columns.fillText(text, -(m - 3), j * cell + cell / 2));
  }

  startCursor() {
    const T = this.view.data.maps.T;
    return [T - 1, T - 1];
  }

  /** Highlight query t, key j in the big map and read out its weight. */
  setCursor(cursor) {
    const box = this.ui.cursor;
    if (!cursor || !this.view) {
      box.style.display = 'none';
      this.ui.readout.textContent =
        'Hover over or touch the map (or focus it and use the arrow keys) to read one weight.';
      return;
    }
    const [t, j] = cursor;
    const { data, layer, head } = this.view;
    const { T } = data.maps;
    const cell = this.cell;
    Object.assign(box.style, {
      display: 'block',
      left: `${cursorOffset(j, cell, T)}px`,
      top: `${cursorOffset(t, cell, T)}px`,
      width: `${cell + 2}px`,
      height: `${cell + 2}px`,
    });
    const weight = j > t ? null : data.maps.weight(layer - 1, head - 1, t, j);
    this.ui.readout.textContent = readoutText(data.tokens, t, j, weight);
  }

  /** Read out the cell under a pointer; returns it ([query, key]) or null outside the map. */
  onPointer(event) {
    if (!this.view) return null;
    const at = cellUnder(event.offsetX, event.offsetY, this.cell, this.view.data.maps.T);
    this.setCursor(at || this.keyCursor || null);
    return at;
  }

  onKey(event) {
    if (!this.view) return;
    if (event.key === 'Escape') {
      this.onEscape();
      return;
    }
    const [t, j] = this.keyCursor || this.startCursor();
    const to = mapStep(t, j, event.key, this.view.data.maps.T);
    if (!to) return;
    event.preventDefault();
    this.keyCursor = to;
    this.setCursor(this.keyCursor);
    this.scrollCursorIntoView();
  }

  /** Scroll the keyboard cursor's cell into the part of the box the label strips leave free. */
  scrollCursorIntoView() {
    const [t, j] = this.keyCursor;
    const scroller = this.ui.scroll;
    const m = this.margin();
    const cell = this.cell;
    scroller.scrollLeft = scrollToShow(scroller.scrollLeft, scroller.clientWidth, m, m + j * cell, cell);
    scroller.scrollTop = scrollToShow(scroller.scrollTop, scroller.clientHeight, m, m + t * cell, cell);
  }
}

function labelContext(canvas, width, height, fg) {
  const ctx = sizedContext(canvas, width, height);
  ctx.fillStyle = fg;
  ctx.font = LABEL_FONT;
  ctx.textBaseline = 'middle';
  return ctx;
}

/** Hatch the future (keys after the query: above the diagonal) of a T x T map. */
function drawFuture(ctx, T, fg, cell) {
  const side = T * cell;
  ctx.save();
  ctx.beginPath();
  ctx.moveTo(cell, 0);
  ctx.lineTo(side, 0);
  ctx.lineTo(side, side - cell);
  ctx.closePath();
  ctx.clip();
  ctx.strokeStyle = fg;
  ctx.globalAlpha = 0.15;
  ctx.lineWidth = 1;
  for (let d = -side; d < side; d += 5) {
    ctx.beginPath();
    ctx.moveTo(d, 0);
    ctx.lineTo(d + side, side);
    ctx.stroke();
  }
  ctx.restore();
}
