// W2 <sprout-explorer>'s markup and styles: the story, layer and head pickers, the story's tokens
// (a listbox once they are in), the lines that read the weights, the legend and the downloads.
import { BASE_CSS, DARK_CSS, SCALE_LEGEND_CSS } from '../common/styles.js';

const CSS = `${BASE_CSS}${DARK_CSS}
.story {
  display: flex; flex-wrap: wrap; gap: 0.25rem 0.1rem;
  padding: 0.5rem; border-radius: 0.25rem;
  background: var(--code-bg);
  font-size: 0.95rem; line-height: 1.35;
  min-height: 3rem;
}
.story:focus-within { box-shadow: 0 0 0 1px var(--fg-lightest); }
.tok {
  display: inline-block; padding: 0.05rem 0.2rem; border-radius: 0.2rem;
  cursor: pointer; white-space: pre; max-width: 100%; overflow-wrap: anywhere;
  border: 1px solid transparent;
  user-select: none;
}
.tok.space { margin-left: 0.25rem; }
.tok.start { font-size: 0.8em; padding-inline: 0.3rem; }
.tok:hover { border-color: var(--fg-light); }
.tok.query { outline: 2px solid var(--fg); outline-offset: 1px; font-weight: 700; }
.tok.future {
  color: var(--fg-lighter);
  background: repeating-linear-gradient(135deg, transparent 0 3px, var(--fg-lightest) 3px 6px);
}
.tok:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.inspect { min-height: 1.5em; margin: 0.4rem 0 0.1rem; }
.top { margin: 0.2rem 0; }
.top .item { white-space: nowrap; font-variant-numeric: tabular-nums; }
.legend { display: flex; flex-wrap: wrap; gap: 0.3rem 1rem; align-items: center; color: var(--fg-light); font-size: 0.85em; margin-top: 0.3rem; }
${SCALE_LEGEND_CSS}`;

export const STORY_LABEL = "The story's tokens; the selected token is the query";

export const TEMPLATE = `
<style>${CSS}</style>
<div class="frame" part="frame">
  <div class="controls">
    <label>Story <select class="example" aria-label="Example story"></select></label>
    <label>Layer <select class="layer" aria-label="Layer (1 to 8)"></select></label>
    <label>Head <select class="head" aria-label="Head (1 to 6)"></select></label>
  </div>
  <p class="hint">Click a token to ask where it looks. Keys in the story:
    <kbd>←</kbd> <kbd>→</kbd> token, <kbd>↑</kbd> <kbd>↓</kbd> layer, <kbd>[</kbd> <kbd>]</kbd> head,
    <kbd>Shift</kbd>+<kbd>←</kbd> <kbd>→</kbd> read one earlier token's weight, <kbd>Enter</kbd> make it the query.</p>
  <div class="story"><span class="loading">Loading the story…</span></div>
  <p class="inspect" aria-hidden="true"></p>
  <p class="top" aria-live="polite"></p>
  <p class="next"></p>
  <div class="legend" id="legend">
    <span>weight <span class="ramp"></span> 0% → 100%</span>
    <span><span class="hatch-sample"></span> later tokens: not visible to the query</span>
    <span>◆ the start mark</span>
  </div>
  <p class="downloads hint">Download this view: <span class="csv"></span>, or the story's data
    (<span class="json"></span>).</p>
  <p class="error" role="alert" hidden></p>
</div>`;
