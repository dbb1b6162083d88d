// W5 <sprout-heads>: all 48 heads of Sprout at once, one small attention map per head (rows:
// layers 1-8, columns: heads 1-6), for one example story. Selecting a map enlarges it with the
// tokens on both axes; the head-type scores (previous token, ◆, induction) highlight the
// strongest heads of each kind, each beside its baseline band (untrained seeds, shuffled
// tokens), and "what breaks without it" (head_scores.json's ablation summary) the heads whose
// removal costs the most.
//
// <sprout-heads base="../artifacts/" examples="mia_doll,tom_he,zorbin" example="zorbin"
//               layer="5" head="4" highlight="induction"></sprout-heads>
// base is the artifacts folder (holding examples/ and head_scores.json). Deep link:
// #heads=zorbin/5/4 (key changeable with hash="...", hash="off").
import { clampInt } from './sprout-attributes.js';
import { colorTable } from './sprout-color.js';
import { downloadLink, el, shadowParts } from './sprout-dom.js';
import { define } from './sprout-element.js';
import { csvLine, displayToken, formatPercent, quoted } from './sprout-format.js';
import { HeadWidget } from './sprout-head-widget.js';
import { fetchJson, inlineJson, jsonFile } from './sprout-load.js';
import { BASE_CSS, DARK_CSS, SCALE_LEGEND_CSS } from './sprout-styles.js';
import { parseSlashState } from './sprout-url-state.js';

// ---------------------------------------------------------------------------------------------
// Pure helpers (tested under Node)

/** The kinds of head the scores name; `from` says which average of head_scores.json to read. */
export const KINDS = {
  previous_token: {
    label: 'previous-token',
    from: 'examples',
    about: 'mean weight on the token just before, over the example stories',
  },
  first_token: {
    label: 'first-token (◆)',
    from: 'examples',
    about: 'mean weight on ◆, over the example stories',
  },
  induction: {
    label: 'induction',
    from: 'repeats',
    about: 'mean weight on the token after the earlier copy, on repeated random text',
  },
};

/** The ablation score: the largest share of one ability lost when the head is removed. */
export const BREAKS = {
  label: 'what breaks without it',
  about: 'the largest share of one ability lost when the head is replaced by its mean output',
};
export const MEASURE_NAMES = {
  loss_tinystories_validation: 'TinyStories loss',
  loss_generated: 'loss on generated stories',
  repeat: 'the repeat',
  name_probe: 'made-up names',
  pronoun_probe: 'pronouns',
};

/** The matrix a highlight choice reads: a kind's scores, or 'breaks' from the ablation summary. */
export function highlightMatrix(headScores, choice) {
  if (choice === 'breaks') return headScores?.ablation?.breaks ?? null;
  return scoreMatrix(headScores, choice);
}

/** One sentence on a kind's baselines: the untrained band and the score on shuffled tokens. */
export function baselineText(headScores, kind) {
  const b = headScores?.baselines?.[kind];
  if (!b) return '';
  const u = b.untrained;
  const called = b.called.flat().filter(Boolean).length;
  const needs = b.must_clear.includes('shuffled') ? 'both' : 'the untrained band';
  return (
    `Baselines: the best head of an untrained Sprout scores ${u.mean.toFixed(3)} ± ${u.std.toFixed(3)} ` +
    `(${u.seeds.length} seeds); on shuffled tokens the best head scores ${formatScore(b.shuffled.best)}. ` +
    `${called} of ${b.called.flat().length} heads stand clearly above ${needs}.`
  );
}

/** What the detail line says about one head's removal: its score and where it comes from. */
export function breaksText(headScores, layer, head) {
  const score = headScores?.ablation?.breaks?.[layer - 1]?.[head - 1];
  if (score === undefined) return null;
  const most = headScores.ablation.breaks_most?.[layer - 1]?.[head - 1];
  return `${BREAKS.label} ${formatScore(score)}${most ? ` (${MEASURE_NAMES[most] || most})` : ''}`;
}

export function parseHeadsState(text) {
  const parsed = parseSlashState(text, 2);
  if (!parsed) return null;
  const [layer, head] = parsed.numbers;
  if (layer < 1 || head < 1) return null;
  return { example: parsed.example, layer, head };
}

export function formatHeadsState({ example, layer, head }) {
  return `${example}/${layer}/${head}`;
}

/** W5's permalink (HeadWidget reads and writes it): #heads=zorbin/5/4; nothing while no head is enlarged. */
export const HEADS_PERMALINK = {
  key: 'heads',
  read: parseHeadsState,
  write: (state) => (state.layer ? formatHeadsState(state) : null),
};

/** The trained Sprout's score matrix [layer][head] (0-based) of one kind. */
export function scoreMatrix(headScores, kind) {
  const source = KINDS[kind]?.from;
  return headScores?.models?.sprout?.[source]?.[kind] ?? null;
}

/**
 * The heads W5 outlines and lists for a highlight choice, best first ({ layer, head, score },
 * 1-based): each kind's top three as head_scores.json ships them (`models.sprout.top`). The
 * ablation summary ships no such list, so the heads whose removal breaks the most are ranked here.
 */
export function highlightTops(headScores, choice) {
  if (choice === 'breaks') {
    const breaks = headScores?.ablation?.breaks;
    return breaks ? topHeads(breaks, 3) : [];
  }
  return headScores?.models?.sprout?.top?.[choice] ?? [];
}

/** The k best heads of a [layer][head] matrix: [{ layer, head, score }] 1-based, best first. */
export function topHeads(matrix, k = 3) {
  const cells = [];
  matrix.forEach((row, l) => row.forEach((score, h) => cells.push({ layer: l + 1, head: h + 1, score })));
  cells.sort((a, b) => b.score - a.score || a.layer - b.layer || a.head - b.head);
  return cells.slice(0, k);
}

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

export function formatScore(score) {
  return score.toFixed(2);
}

/**
 * Where a scroll box showing [start, start + size) along one axis should scroll to: `scroll`
 * unchanged while the stretch lies in the visible part, which runs from `covered` (pinned label
 * strips hide the first pixels) to `view`; otherwise the stretch centred in that part.
 */
export function scrollToShow(scroll, view, covered, start, size) {
  if (start >= scroll + covered && start + size <= scroll + view) return scroll;
  return Math.max(0, start + size / 2 - (covered + view) / 2);
}

/** CSS pixels per token that fit `tokens` cells beside a `margin` label strip into `width`, at most `full`. */
export function fittedCell(width, margin, tokens, full) {
  if (!(width > margin) || tokens < 1) return full;
  return Math.min(full, (width - margin) / tokens);
}

/** Label every step-th token so that labels `labelSize` pixels tall do not overlap cells `cell` pixels apart. */
export function labelStep(cell, labelSize) {
  return Math.max(1, Math.ceil(labelSize / cell - 1e-9));
}

// ---------------------------------------------------------------------------------------------

const CELL = 10; // CSS pixels per token in the enlarged map at full size
const LABEL_CHARS = 9;
const LABEL_SIZE = 10; // CSS pixels a 9 px label needs along the axis it is stacked on
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

const CSS = `${BASE_CSS}${DARK_CSS}
.grid {
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
.badge {
  position: absolute; right: 1px; bottom: 1px; font-size: 0.62rem; line-height: 1.2;
  padding: 0 2px; border-radius: 2px; background: var(--bg); color: var(--fg);
  font-variant-numeric: tabular-nums; pointer-events: none;
}
.badge:empty { display: none; }
.cell.top .badge { font-weight: 700; color: var(--fg); box-shadow: inset 0 -2px 0 var(--accent); }  /* accent text on a light page is too faint to read */
.tops { margin: 0.3rem 0; }
.tops button { margin: 0.1rem 0.2rem; }
.detail { margin-top: 0.8rem; }
.detail h3 { margin: 0 0 0.2rem; font-size: 1em; }
.scores { margin: 0 0 0.3rem; color: var(--fg-light); }
/* the enlarged map scrolls under two pinned label strips: keys on top, queries on the left;
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
.readout { min-height: 1.5em; margin: 0.3rem 0; font-variant-numeric: tabular-nums; }
.legend { display: flex; flex-wrap: wrap; gap: 0.3rem 1rem; align-items: center; color: var(--fg-light); font-size: 0.85em; }
${SCALE_LEGEND_CSS}`;

const TEMPLATE = `
<style>${CSS}</style>
<div class="frame" part="frame">
  <div class="controls">
    <label>Story <select class="example" aria-label="Example story"></select></label>
    <label>Highlight <select class="kind" aria-label="Highlight the top heads of a kind">
      <option value="">no kind</option>
      <option value="previous_token">previous-token heads</option>
      <option value="first_token">first-token (◆) heads</option>
      <option value="induction">induction heads</option>
      <option value="breaks">what breaks without it</option>
    </select></label>
  </div>
  <p class="tops" aria-live="polite"></p>
  <p class="hint">Each square is one head: row t, column j is the weight query t gives key j.
    Click a square, or move with <kbd>←</kbd> <kbd>↑</kbd> <kbd>→</kbd> <kbd>↓</kbd> and press
    <kbd>Enter</kbd>, to enlarge it.</p>
  <div class="grid"></div>
  <div class="legend">
    <span>weight <span class="ramp"></span> 0% → 100%</span>
    <span><span class="hatch-sample"></span> future: masked</span>
  </div>
  <div class="detail" hidden>
    <h3 class="detail-title"></h3>
    <p class="scores"></p>
    <p class="hint">In the map: hover or touch it, or focus it and use the arrow keys (<kbd>↑</kbd> <kbd>↓</kbd> query,
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
    <p class="readout" aria-live="polite"></p>
    <p class="hint">Download: <span class="map-csv"></span>, or every head's scores
      (<span class="scores-json"></span>).</p>
  </div>
  <p class="error" role="alert" hidden></p>
</div>`;

// Lifecycle, loading, the URL hash and the link with W2 come from HeadWidget (sprout-head-widget.js).
export class SproutHeads extends HeadWidget {
  static permalink = HEADS_PERMALINK;

  connected() {
    this.startSelection();
    this.focusCell ||= [this.state.layer || 1, this.state.head || 1];
    this.fillExampleSelect();
    this.ui.kind.value = this.state.kind;
    this.loadScores();
    this.show(this.state.example);
    window.addEventListener('resize', () => this.refit(), { signal: this.lifetime.signal });
  }

  /** A phone turned sideways (or a resized window): the fitted map takes the new width. */
  refit() {
    if (!this.data || !this.state.layer || this.ui.detail.hidden) return;
    if (this.cellSize(this.margin()) === this.cell) return;
    this.drawBig();
    this.setCursor(this.keyCursor || null);
  }

  initialState() {
    const hasCell = this.hasAttribute('layer') && this.hasAttribute('head');
    return {
      example: this.getAttribute('example') || this.examples[0],
      layer: hasCell ? clampInt(this.getAttribute('layer'), 1, 99, 1) : null,
      head: hasCell ? clampInt(this.getAttribute('head'), 1, 99, 1) : null,
      kind:
        KINDS[this.getAttribute('highlight')] || this.getAttribute('highlight') === 'breaks'
          ? this.getAttribute('highlight')
          : '',
    };
  }

  build() {
    this.ui = shadowParts(this, TEMPLATE, {
      example: '.example',
      kind: '.kind',
      tops: '.tops',
      grid: '.grid',
      detail: '.detail',
      title: '.detail-title',
      scores: '.scores',
      big: '.big',
      cursor: '.cursor',
      readout: '.readout',
      error: '.error',
      ramp: '.ramp',
      scroll: '.scroll',
      corner: '.corner',
      keys: '.labels.keys',
      queries: '.labels.queries',
      mapCsv: '.map-csv',
      scoresJson: '.scores-json',
      zoom: '.zoom',
    });
    this.ui.mapCsv.append(downloadLink('this map (CSV)', () => this.mapFile()));
    this.ui.scoresJson.append(
      downloadLink('JSON', () =>
        this.inlineScores
          ? jsonFile('head_scores.json', this.inlineScores)
          : { name: 'head_scores.json', url: `${this.base()}head_scores.json` },
      ),
    );
    this.ui.example.addEventListener('change', () => this.userSet({ example: this.ui.example.value }, true));
    this.ui.kind.addEventListener('change', () => {
      this.state.kind = this.ui.kind.value;
      this.renderScores();
    });
    this.ui.grid.addEventListener('click', (e) => this.onCellClick(e));
    this.ui.grid.addEventListener('keydown', (e) => this.onGridKey(e));
    this.ui.tops.addEventListener('click', (e) => this.onTopClick(e));
    this.ui.big.addEventListener('pointermove', (e) => this.onBigPointer(e));
    // a cell pressed becomes the keyboard's cursor too: the focus that follows a tap keeps it
    this.ui.big.addEventListener('pointerdown', (e) => {
      this.keyCursor = this.onBigPointer(e) || this.keyCursor;
    });
    this.ui.zoom.addEventListener('click', () => {
      this.fullSize = this.ui.zoom.getAttribute('aria-pressed') !== 'true';
      this.drawBig();
      this.setCursor(this.keyCursor || null);
    });
    // a lifted finger leaves its weight on show; a mouse that leaves goes back to the keyboard's cursor
    this.ui.big.addEventListener(
      'pointerleave',
      (e) => e.pointerType === 'touch' || this.setCursor(this.keyCursor || null),
    );
    this.ui.big.addEventListener('keydown', (e) => this.onBigKey(e));
    this.ui.big.addEventListener('focus', () => {
      if (this.data) this.setCursor((this.keyCursor ||= this.startCursor()));
    });
  }

  // --- state ---------------------------------------------------------------------------------

  userSet(change, announce) {
    const before = { ...this.state };
    Object.assign(this.state, change);
    this.dirty = true;
    if (this.state.layer) this.focusCell = [this.state.layer, this.state.head];
    if (this.state.example !== before.example) {
      this.keyCursor = null;
      this.show(this.state.example);
    } else {
      if (this.state.layer !== before.layer || this.state.head !== before.head) this.keyCursor = null;
      this.render();
    }
    const picked = ['example', 'layer', 'head'].some((k) => this.state[k] !== before[k]);
    if (announce && picked) this.announce();
  }

  /** Another widget picked a head (and maybe a story): enlarge the same one here. */
  headSelectChange(d) {
    const change = {};
    if (d.example && this.examples.includes(d.example)) change.example = d.example;
    if (Number.isInteger(d.layer) && Number.isInteger(d.head))
      Object.assign(change, { layer: d.layer, head: d.head });
    return change;
  }

  /** A permalink's head is also where the grid's keyboard focus goes. */
  takeState(wanted) {
    super.takeState(wanted);
    this.focusCell = [wanted.layer, wanted.head];
  }

  // --- loading -------------------------------------------------------------------------------

  base() {
    const base = this.getAttribute('base') || './';
    return base.endsWith('/') ? base : `${base}/`;
  }

  /** Scores of a story made in the page, shaped like head_scores.json, top lists included (`about` may replace a kind's description). */
  setHeadScores(headScores) {
    this.headScores = headScores;
    this.renderScores();
  }

  async loadScores() {
    if (this.getAttribute('source') === 'page') return;
    await this.woken;
    const url = `${this.base()}head_scores.json`;
    try {
      // scores carried inside the element (a notebook's output) are used instead of fetched ones
      this.inlineScores = inlineJson(this, 'head_scores');
      this.headScores = this.inlineScores || (await fetchJson(url, { signal: this.lifetime.signal }));
      this.renderScores();
    } catch (err) {
      if (err.name !== 'AbortError') {
        this.headScores = null;
        this.scoresError = `The head scores could not be loaded: ${err.message}`;
        this.showError(this.scoresError);
        this.renderScores();
      }
    }
  }

  exampleFolder() {
    return `${this.base()}examples/`;
  }

  setExample(data, name) {
    this.takeExample(data, name);
    if (this.scoresError) this.showError(this.scoresError); // a story loading does not mend the scores
    this.buildGrid();
    this.redrawThumbnails();
    this.renderScores();
    this.render();
    this.paintRamp();
    this.setAttribute('ready', '');
  }

  // --- the grid of 48 maps -----------------------------------------------------------------

  buildGrid() {
    const { layers, heads, T } = this.data.maps;
    if (this.cells && this.gridShape === `${layers}x${heads}x${T}`) return;
    this.gridShape = `${layers}x${heads}x${T}`;
    this.ui.grid.style.setProperty('--heads', String(heads));
    const header = el('div', '');
    header.setAttribute('role', 'row');
    header.style.display = 'contents';
    header.append(el('span', 'colhead', ''));
    for (let h = 1; h <= heads; h++) {
      const label = el('span', 'colhead', `H${h}`);
      label.setAttribute('role', 'columnheader');
      label.setAttribute('aria-label', `head ${h}`);
      header.append(label);
    }
    const rows = [header];
    this.cells = [];
    for (let l = 1; l <= layers; l++) {
      const row = el('div', '');
      row.setAttribute('role', 'row');
      row.style.display = 'contents';
      const rowhead = el('span', 'rowhead', `L${l}`);
      rowhead.setAttribute('role', 'rowheader');
      rowhead.setAttribute('aria-label', `layer ${l}`);
      row.append(rowhead);
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
    this.ui.grid.replaceChildren(...rows);
    // named a grid only now that it has rows (an empty grid breaks ARIA's required children)
    this.ui.grid.setAttribute('role', 'grid');
    this.ui.grid.setAttribute(
      'aria-label',
      'Attention maps of all heads: rows are layers, columns are heads',
    );
  }

  cellAt(layer, head) {
    return this.cells?.[layer - 1]?.[head - 1];
  }

  /** Draw every thumbnail from the decoded bytes (one colour lookup per weight). */
  redrawThumbnails() {
    if (!this.cells) return;
    const { maps } = this.data;
    const { rgb } = colorTable(this.dark);
    this.cells.forEach((row, l) =>
      row.forEach((c, h) => {
        c.image ||= c.context.createImageData(maps.T, maps.T);
        paintHead(c.image.data, maps.head(l, h), maps.T, rgb);
        c.context.putImageData(c.image, 0, 0);
      }),
    );
  }

  /** Scores of the chosen kind on every cell, top three outlined and listed as buttons. */
  renderScores() {
    if (!this.cells) return;
    const kind = this.state.kind;
    const matrix = kind && this.headScores ? highlightMatrix(this.headScores, kind) : null;
    const top = matrix ? highlightTops(this.headScores, kind) : [];
    const isTop = new Set(top.map((t) => `${t.layer}/${t.head}`));
    this.cells.forEach((row, l) =>
      row.forEach((c, h) => {
        const score = matrix?.[l]?.[h];
        c.badge.textContent = score === undefined ? '' : formatScore(score);
        c.cell.classList.toggle('top', isTop.has(`${l + 1}/${h + 1}`));
        c.cell.setAttribute('aria-label', this.cellLabel(l + 1, h + 1));
      }),
    );
    if (!matrix) {
      const waiting = this.scoresError
        ? 'Head scores unavailable (see the message below).'
        : 'Loading the head scores…';
      this.ui.tops.textContent = this.headScores || !kind ? '' : waiting;
    } else {
      const info = KINDS[kind] || BREAKS;
      const title = kind === 'breaks' ? 'Heads whose removal breaks the most' : `Top ${info.label} heads`;
      const about = this.headScores.about?.[kind] ?? info.about;
      const nodes = [document.createTextNode(`${title} (${about}): `)];
      top.forEach((t) => {
        const called = this.headScores.baselines?.[kind]?.called?.[t.layer - 1]?.[t.head - 1];
        const below = called === false ? ' (not clearly above its baselines)' : '';
        const button = el('button', '', `layer ${t.layer}, head ${t.head}: ${formatScore(t.score)}${below}`);
        button.type = 'button';
        button.dataset.layer = String(t.layer);
        button.dataset.head = String(t.head);
        nodes.push(button);
      });
      const band = baselineText(this.headScores, kind);
      if (band) nodes.push(el('span', 'band', ` ${band}`));
      this.ui.tops.replaceChildren(...nodes);
    }
    this.renderDetailScores();
  }

  scoresOf(layer, head) {
    if (!this.headScores) return [];
    return [
      ...Object.keys(KINDS).map((kind) => {
        const score = scoreMatrix(this.headScores, kind)?.[layer - 1]?.[head - 1];
        return score === undefined ? null : `${KINDS[kind].label} ${formatScore(score)}`;
      }),
      breaksText(this.headScores, layer, head),
    ].filter(Boolean);
  }

  cellLabel(layer, head) {
    const scores = this.scoresOf(layer, head);
    return `Layer ${layer}, head ${head}${scores.length ? `; scores: ${scores.join(', ')}` : ''}`;
  }

  /** The selection: the chosen cell, the grid's focus, the enlarged map and the hash. */
  render() {
    if (!this.cells || this.dataName !== this.state.example) return;
    const { layers, heads } = this.data.maps;
    let [fl, fh] = this.focusCell;
    fl = Math.min(layers, fl);
    fh = Math.min(heads, fh);
    this.focusCell = [fl, fh];
    if (this.state.layer) {
      this.state.layer = Math.min(layers, this.state.layer);
      this.state.head = Math.min(heads, this.state.head);
    }
    this.cells.forEach((row, l) =>
      row.forEach((c, h) => {
        const chosen = this.state.layer === l + 1 && this.state.head === h + 1;
        c.cell.setAttribute('aria-selected', String(chosen));
        c.cell.tabIndex = l + 1 === fl && h + 1 === fh ? 0 : -1;
      }),
    );
    this.renderDetail();
    this.writeHash();
  }

  // --- the enlarged map --------------------------------------------------------------------

  margin() {
    if (!this.labelMargin) {
      const probe = this.ui.big.getContext('2d');
      probe.font = this.labelFont();
      const widest = Math.max(...this.data.tokens.map((t) => probe.measureText(this.label(t)).width));
      this.labelMargin = Math.ceil(Math.min(widest, 90)) + 6;
    }
    return this.labelMargin;
  }

  labelFont() {
    return '9px system-ui, sans-serif';
  }

  label(token) {
    const text = displayToken(token);
    return text.length > LABEL_CHARS ? `${text.slice(0, LABEL_CHARS - 1)}…` : text;
  }

  renderDetail() {
    const { layer, head } = this.state;
    if (!layer) {
      this.ui.detail.hidden = true;
      return;
    }
    this.ui.detail.hidden = false;
    this.ui.title.textContent = `Layer ${layer}, head ${head}`;
    this.renderDetailScores();
    this.labelMargin = null;
    this.drawBig();
    this.setCursor(this.keyCursor || null);
  }

  /** The enlarged map as CSV: one row per (query, key) pair the query can see. */
  mapFile() {
    const { layer, head, example } = this.state;
    if (!this.data || !layer) return null;
    const { maps, tokens } = this.data;
    const lines = ['query,query_token,key,key_token,weight'];
    for (let t = 0; t < maps.T; t++) {
      maps
        .row(layer - 1, head - 1, t)
        .forEach((w, j) => lines.push(csvLine([t, tokens[t], j, tokens[j], w.toFixed(4)])));
    }
    return {
      name: `${example}_layer${layer}_head${head}.csv`,
      blob: new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' }),
    };
  }

  renderDetailScores() {
    if (!this.state.layer) return;
    const scores = this.scoresOf(this.state.layer, this.state.head);
    this.ui.scores.textContent = scores.length ? `Scores: ${scores.join(' · ')}` : '';
  }

  /**
   * Pixels per token: full size (CELL) when the reader pressed "Full size" or the box is wide,
   * else as many as fit the box's width (the map then never scrolls sideways).
   */
  cellSize(margin) {
    const width = this.ui.scroll.clientWidth - 1; // a pixel to spare: scroll sizes are rounded
    const fit = this.fullSize === undefined ? width > 0 && width < NARROW : !this.fullSize;
    return fit ? fittedCell(width, margin, this.data.maps.T, CELL) : CELL;
  }

  /** The enlarged map, the query labels (rows, left strip) and the key labels (columns, top strip). */
  drawBig() {
    const { layer, head } = this.state;
    const { maps, tokens } = this.data;
    const T = maps.T;
    const m = this.margin();
    const cell = (this.cell = this.cellSize(m));
    const fitted = cell < CELL;
    this.ui.scroll.classList.toggle('fit', fitted);
    // the choice exists only where the full-size map is wider than the box
    this.ui.zoom.hidden = !fitted && fittedCell(this.ui.scroll.clientWidth, m, T, CELL) === CELL;
    this.ui.zoom.setAttribute('aria-pressed', String(!fitted));
    const side = T * cell;
    const fg = getComputedStyle(this).color || '#222';
    const { big, corner, keys, queries } = this.ui;
    big.setAttribute(
      'aria-label',
      `Attention map of layer ${layer}, head ${head}: ${T} queries by ${T} keys`,
    );
    const map = sizedContext(big, side, side);
    this.drawFuture(map, T, fg, cell);
    map.imageSmoothingEnabled = false;
    map.drawImage(this.cellAt(layer, head).canvas, 0, 0, side, side);

    corner.style.width = `${m}px`;
    corner.style.height = `${m}px`;
    const step = labelStep(cell, LABEL_SIZE);
    const labels = tokens.map((token, t) => (t % step === 0 ? this.label(token) : ''));
    const rows = this.labelContext(queries, m, side, fg);
    rows.textAlign = 'right';
    labels.forEach((text, t) => text && rows.fillText(text, m - 3, t * cell + cell / 2));
    const columns = this.labelContext(keys, side, m, fg);
    columns.rotate(-Math.PI / 2); // each label reads bottom to top, starting just above the map
    columns.textAlign = 'left';
    labels.forEach((text, j) => text && columns.fillText(text, -(m - 3), j * cell + cell / 2));
  }

  labelContext(canvas, width, height, fg) {
    const ctx = sizedContext(canvas, width, height);
    ctx.fillStyle = fg;
    ctx.font = this.labelFont();
    ctx.textBaseline = 'middle';
    return ctx;
  }

  /** Hatch the future (keys after the query: above the diagonal) of a T x T map. */
  drawFuture(ctx, T, fg, cell) {
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

  startCursor() {
    const T = this.data.maps.T;
    return [T - 1, T - 1];
  }

  /** Highlight query t, key j in the big map and read out its weight. */
  setCursor(cursor) {
    const box = this.ui.cursor;
    if (!cursor || !this.data || !this.state.layer) {
      box.style.display = 'none';
      this.ui.readout.textContent =
        'Hover over or touch the map (or focus it and use the arrow keys) to read one weight.';
      return;
    }
    const [t, j] = cursor;
    const { tokens, maps } = this.data;
    const cell = this.cell;
    const size = cell + 2;
    // 1 px beyond the cell on each side, but never beyond the map: that would grow what scrolls
    const at = (index) => `${Math.max(0, Math.min(index * cell - 1, maps.T * cell - size))}px`;
    Object.assign(box.style, {
      display: 'block',
      left: at(j),
      top: at(t),
      width: `${size}px`,
      height: `${size}px`,
    });
    const who = `query ${quoted(tokens[t])} (token ${t}) → key ${quoted(tokens[j])} (token ${j})`;
    this.ui.readout.textContent =
      j > t
        ? `${who}: in the future, masked`
        : `${who}: ${formatPercent(maps.weight(this.state.layer - 1, this.state.head - 1, t, j))}`;
  }

  /** Read out the cell under a pointer; returns it ([query, key]) or null outside the map. */
  onBigPointer(event) {
    if (!this.data) return null;
    const T = this.data.maps.T;
    const j = Math.floor(event.offsetX / this.cell);
    const t = Math.floor(event.offsetY / this.cell);
    if (t < 0 || j < 0 || t >= T || j >= T) {
      this.setCursor(this.keyCursor || null);
      return null;
    }
    this.setCursor([t, j]);
    return [t, j];
  }

  onBigKey(event) {
    if (!this.data) return;
    const T = this.data.maps.T;
    let [t, j] = this.keyCursor || this.startCursor();
    switch (event.key) {
      case 'ArrowUp':
        t = Math.max(0, t - 1);
        j = Math.min(j, t);
        break;
      case 'ArrowDown':
        t = Math.min(T - 1, t + 1);
        break;
      case 'ArrowLeft':
        j = Math.max(0, j - 1);
        break;
      case 'ArrowRight':
        j = Math.min(t, j + 1);
        break;
      case 'Home':
        j = 0;
        break;
      case 'End':
        j = t;
        break;
      case 'Escape':
        this.cellAt(...this.focusCell)?.cell.focus();
        return;
      default:
        return;
    }
    event.preventDefault();
    this.keyCursor = [t, j];
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

  // --- input -----------------------------------------------------------------------------

  onCellClick(event) {
    const cell = event.target.closest('.cell');
    if (!cell) return;
    this.selectCell(Number(cell.dataset.layer), Number(cell.dataset.head));
  }

  selectCell(layer, head) {
    this.focusCell = [layer, head];
    this.userSet({ layer, head }, true);
    this.cellAt(layer, head)?.cell.focus();
  }

  onTopClick(event) {
    const button = event.target.closest('button');
    if (button) this.selectCell(Number(button.dataset.layer), Number(button.dataset.head));
  }

  onGridKey(event) {
    const cell = event.target.closest('.cell');
    if (!cell || !this.data) return;
    const layer = Number(cell.dataset.layer);
    const head = Number(cell.dataset.head);
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      this.selectCell(layer, head);
      return;
    }
    const to = gridStep(layer, head, event.key, this.data.maps.layers, this.data.maps.heads, event.ctrlKey);
    if (!to) return;
    event.preventDefault();
    this.focusCell = to;
    this.cells.forEach((row) =>
      row.forEach((c) => {
        c.cell.tabIndex = -1;
      }),
    );
    const target = this.cellAt(...to).cell;
    target.tabIndex = 0;
    target.focus();
  }

  // --- theme -------------------------------------------------------------------------------

  themeChanged() {
    if (!this.data) return;
    this.redrawThumbnails();
    this.paintRamp();
    if (this.state.layer) this.drawBig();
  }
}

define('sprout-heads', SproutHeads);
