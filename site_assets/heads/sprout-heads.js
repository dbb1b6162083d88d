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
// #heads=zorbin/5/4 (key changeable with hash="...", hash="off"). With `switches`: a toggle per
// head and the chapter's presets under the maps, and a link running the story without those
// heads in the page's "Your own story" (off-panel.js).
//
// The parts: scores.js (the scores and their words), grid.js (the 48 maps), map.js (the enlarged
// map), template.js (the markup and styles); HeadWidget (common/head-widget.js) brings the
// lifecycle, loading, the URL hash and the link with W2.
import { clampInt } from '../common/attributes.js';
import { downloadLink, el, shadowParts } from '../common/dom.js';
import { define } from '../common/element.js';
import { HeadMap } from './map.js';
import {
  baselineText,
  headLabel,
  headScoreTexts,
  highlightChoice,
  highlightMatrix,
  highlightTops,
  topHeadText,
  topsIntro,
} from './scores.js';
import { HeadWidget } from '../common/head-widget.js';
import { HeadsGrid } from './grid.js';
import { HeadsOffPanel } from './off-panel.js';
import { fetchJson, inlineJson, jsonFile } from '../common/load.js';
import { parseSlashState } from '../common/url-state.js';
import { TEMPLATE } from './template.js';

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

export class SproutHeads extends HeadWidget {
  // its caption on paper (build_site/pdf.py pictures the widget; a widget without one stops the PDF)
  static printCaption =
    "W5. All 48 heads on one story, a map of each head's attention, and the switches that turn heads off.";

  static permalink = HEADS_PERMALINK;

  connected() {
    this.startSelection();
    this.grid.focus ||= [this.state.layer || 1, this.state.head || 1];
    this.fillExampleSelect();
    this.ui.kind.value = this.state.kind;
    this.loadScores();
    this.show(this.state.example);
    window.addEventListener('resize', () => this.refit(), { signal: this.lifetime.signal });
  }

  refit() {
    if (!this.data || !this.state.layer || this.ui.detail.hidden) return;
    this.map.refit();
  }

  initialState() {
    const hasCell = this.hasAttribute('layer') && this.hasAttribute('head');
    return {
      example: this.getAttribute('example') || this.examples[0],
      layer: hasCell ? clampInt(this.getAttribute('layer'), 1, 99, 1) : null,
      head: hasCell ? clampInt(this.getAttribute('head'), 1, 99, 1) : null,
      kind: highlightChoice(this.getAttribute('highlight')),
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
      error: '.error',
      ramp: '.ramp',
      mapCsv: '.map-csv',
      scoresJson: '.scores-json',
      switchesSlot: '.switches-slot',
    });
    this.grid = new HeadsGrid(this.ui.grid, (layer, head) => this.selectCell(layer, head));
    this.map = new HeadMap(this.shadowRoot, this, {
      thumbnail: (layer, head) => this.grid.cellAt(layer, head).canvas,
      onEscape: () => this.grid.focusCell(),
    });
    this.ui.mapCsv.append(downloadLink('this map (CSV)', () => this.map.file()));
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
    this.ui.tops.addEventListener('click', (event) => {
      const button = event.target.closest('button');
      if (button) this.selectCell(Number(button.dataset.layer), Number(button.dataset.head));
    });
  }

  // --- state ---------------------------------------------------------------------------------

  userSet(change, announce) {
    const before = { ...this.state };
    Object.assign(this.state, change);
    this.dirty = true;
    if (this.state.layer) this.grid.focus = [this.state.layer, this.state.head];
    if (this.state.example !== before.example) {
      this.map.forgetCursor();
      this.show(this.state.example);
    } else {
      if (this.state.layer !== before.layer || this.state.head !== before.head) this.map.forgetCursor();
      this.render();
    }
    const picked = ['example', 'layer', 'head'].some((k) => this.state[k] !== before[k]);
    if (announce && picked) this.announce();
  }

  /** A head picked in the grid or the list of top heads: enlarge it, keep the focus on it. */
  selectCell(layer, head) {
    this.grid.focus = [layer, head];
    this.userSet({ layer, head }, true);
    this.grid.cellAt(layer, head)?.cell.focus();
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
    this.grid.focus = [wanted.layer, wanted.head];
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
      this.offPanel?.loadPresets(this.headScores);
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

  linkRanges({ maps }) {
    return { layer: [1, maps.layers], head: [1, maps.heads] };
  }

  setExample(data, name) {
    this.takeExample(data, name);
    if (this.scoresError) this.showError(this.scoresError); // a story loading does not mend the scores
    this.grid.build(data.maps);
    this.prepareSwitches(data, name);
    this.redrawThumbnails();
    this.renderScores();
    this.render();
    this.paintRamp();
    this.setAttribute('ready', '');
  }

  /** With `switches`: the toggles under the maps, for this story. */
  prepareSwitches(data, name) {
    if (!this.hasAttribute('switches')) return;
    if (!this.offPanel) {
      this.offPanel = new HeadsOffPanel({
        layers: data.maps.layers,
        heads: data.maps.heads,
        base: this.base(),
        onChange: (off) => this.grid.markOff(off),
      });
      this.ui.switchesSlot.append(this.offPanel.element);
      this.offPanel.loadPresets(this.headScores);
    }
    this.offPanel.setStory(name, data.title || name);
    this.grid.markOff(this.offPanel.board.off);
  }

  // --- drawing -------------------------------------------------------------------------------

  /** Draw every thumbnail from the decoded bytes (public: a page may call it after a change it made). */
  redrawThumbnails() {
    if (this.data) this.grid.draw(this.data.maps, this.dark);
  }

  /** Scores of the chosen kind on every cell, top three outlined and listed as buttons. */
  renderScores() {
    if (!this.grid.cells) return;
    const kind = this.state.kind;
    const matrix = kind && this.headScores ? highlightMatrix(this.headScores, kind) : null;
    const top = matrix ? highlightTops(this.headScores, kind) : [];
    this.grid.showScores(matrix, top, (layer, head) => headLabel(this.headScores, layer, head));
    if (!matrix) {
      const waiting = this.scoresError
        ? 'Head scores unavailable (see the message below).'
        : 'Loading the head scores…';
      this.ui.tops.textContent = this.headScores || !kind ? '' : waiting;
    } else {
      const nodes = [document.createTextNode(topsIntro(this.headScores, kind))];
      top.forEach((t) => {
        const button = el('button', '', topHeadText(this.headScores, kind, t));
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

  /** The selection: the chosen cell, the grid's focus, the enlarged map and the hash. */
  render() {
    if (!this.grid.cells || this.dataName !== this.state.example) return;
    const { layers, heads } = this.data.maps;
    if (this.state.layer) {
      this.state.layer = Math.min(layers, this.state.layer);
      this.state.head = Math.min(heads, this.state.head);
    }
    this.grid.showChoice(this.state.layer, this.state.head);
    this.renderDetail();
    this.writeHash();
  }

  renderDetail() {
    const { example, layer, head } = this.state;
    if (!layer) {
      this.ui.detail.hidden = true;
      return;
    }
    this.ui.detail.hidden = false;
    this.ui.title.textContent = `Layer ${layer}, head ${head}`;
    this.renderDetailScores();
    this.map.show({ data: this.data, example, layer, head });
  }

  renderDetailScores() {
    if (!this.state.layer) return;
    const scores = headScoreTexts(this.headScores, this.state.layer, this.state.head);
    this.ui.scores.textContent = scores.length ? `Scores: ${scores.join(' · ')}` : '';
  }

  themeChanged() {
    if (!this.data) return;
    this.redrawThumbnails();
    this.paintRamp();
    if (this.state.layer) this.map.draw();
  }
}

define('sprout-heads', SproutHeads);
