// W5 <sprout-heads>'s markup and styles: the story and score pickers, the 48 maps' grid, the
// enlarged map (map.js's markup), the scores' lines and the downloads; the parts' own styles.
import { BASE_CSS, DARK_CSS, SCALE_LEGEND_CSS } from '../common/styles.js';
import { GRID_CSS } from './grid.js';
import { MAP_CSS, MAP_MARKUP } from './map.js';
import { OFF_PANEL_CSS } from './off-panel.js';
import { KINDS } from './scores.js';

const CSS = `${BASE_CSS}${DARK_CSS}
${GRID_CSS}
.tops { margin: 0.3rem 0; }
.tops button { margin: 0.1rem 0.2rem; }
.detail { margin-top: 0.8rem; }
.detail h3 { margin: 0 0 0.2rem; font-size: 1em; }
.scores { margin: 0 0 0.3rem; color: var(--fg-light); }
${MAP_CSS}
${OFF_PANEL_CSS}
.legend { display: flex; flex-wrap: wrap; gap: 0.3rem 1rem; align-items: center; color: var(--fg-light); font-size: 0.85em; }
${SCALE_LEGEND_CSS}`;

export const TEMPLATE = `
<style>${CSS}</style>
<div class="frame" part="frame">
  <div class="controls">
    <label>Story <select class="example" aria-label="Example story"></select></label>
    <label>Highlight <select class="kind" aria-label="Highlight the top heads of a kind">
      <option value="">no kind</option>
${Object.entries(KINDS)
  .map(([kind, { label }]) => `      <option value="${kind}">${label} heads</option>`)
  .join('\n')}
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
  <div class="switches-slot"></div>
  <div class="detail" hidden>
    <h3 class="detail-title"></h3>
    <p class="scores"></p>
${MAP_MARKUP}
    <p class="hint">Download: <span class="map-csv"></span>, or every head's scores
      (<span class="scores-json"></span>).</p>
  </div>
  <p class="error" role="alert" hidden></p>
</div>`;
