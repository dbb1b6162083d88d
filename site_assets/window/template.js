// W1 <sprout-window>'s markup and styles: the story with its cursor, the slider, the legend, the
// status line and the two models' predictions (at the mark, or wherever the cursor is).
import { BASE_CSS, DARK_CSS } from '../common/styles.js';

const CSS = `${BASE_CSS}${DARK_CSS}
.story {
  display: flex; flex-wrap: wrap; gap: 0.25rem 0.1rem; align-items: center;
  padding: 0.5rem; border-radius: 0.25rem; background: var(--code-bg);
  font-size: 0.95rem; line-height: 1.35; min-height: 3rem;
}
.tok {
  display: inline-block; padding: 0.05rem 0.2rem; border-radius: 0.2rem; white-space: pre;
  border: 1px solid transparent; max-width: 100%; overflow-wrap: anywhere; cursor: pointer;
}
.tok.space { margin-left: 0.25rem; }
.tok.window {
  background: color-mix(in srgb, var(--accent) 22%, transparent);
  border-color: var(--accent); font-weight: 600;
}
/* gone and later tokens are told apart by strike-through and a dotted box, and their muted
   text still reads at 4.5:1 (an opacity would not) */
:host { --muted: #595959; }
:host([data-theme="dark"]) { --muted: #9a9ea8; }
.tok.gone { color: var(--muted); text-decoration: line-through; text-decoration-color: var(--fg-lighter); }
.tok.future { color: var(--muted); font-style: italic; border-style: dotted; border-color: var(--fg-lighter); }
.caret {
  display: inline-block; align-self: stretch; width: 3px; border-radius: 2px;
  background: var(--fg); margin: 0 0.15rem; position: relative;
}
.caret::after {
  content: "?"; position: absolute; left: 5px; top: -0.2rem; font-weight: 700; color: var(--accent);
}
.slider { display: flex; gap: 0.5rem; align-items: center; flex-wrap: wrap; margin: 0.5rem 0; }
.slider input { flex: 1 1 10rem; min-width: 0; accent-color: var(--accent); }
.legend { display: flex; flex-wrap: wrap; gap: 0.3rem 1rem; color: var(--fg-light); font-size: 0.85em; }
.legend .tok { cursor: default; font-size: 0.9em; }
.legend .tok.window { color: var(--fg); }
.status { margin: 0.3rem 0; }
.predictions { display: flex; flex-wrap: wrap; gap: 0.6rem 1.2rem; margin-top: 0.4rem; }
.model { flex: 1 1 12rem; min-width: 0; }
.model h3 { margin: 0 0 0.2rem; font-size: 0.95em; }
.model ol { margin: 0; padding-left: 1.4rem; }
.model li { margin: 0.1rem 0; }
.bar { display: inline-block; height: 0.55rem; background: var(--accent); border-radius: 1px; vertical-align: middle; margin-left: 0.3rem; }
.prob { font-variant-numeric: tabular-nums; margin-left: 0.3rem; }
.answer { font-weight: 700; }
.elsewhere button { margin-left: 0.3rem; }
.here-title { margin: 0.4rem 0 0; font-weight: 600; }
.predictions-here { display: flex; flex-wrap: wrap; gap: 0.6rem 1.2rem; }
`;

export const TEMPLATE = `
<style>${CSS}</style>
<div class="frame" part="frame">
  <p class="hint">Move the cursor with the slider, or focus the story and use <kbd>←</kbd> <kbd>→</kbd>
    (<kbd>Home</kbd> <kbd>End</kbd>); clicking a token puts the cursor after it.</p>
  <div class="story" tabindex="0" role="group" aria-roledescription="story with a cursor"
       aria-label="The story, with the cursor where the next token is predicted">
    <span class="loading">Loading the story…</span></div>
  <div class="slider">
    <label for="cursor">Cursor</label>
    <input id="cursor" type="range" min="1" max="1" value="1" step="1">
    <output class="position" for="cursor"></output>
  </div>
  <div class="legend" aria-hidden="true">
    <span><span class="tok window">window</span> the window network's view</span>
    <span><span class="tok gone">faded</span> out of its window: invisible to the window network</span>
    <span><span class="tok future">later</span> not written yet</span>
  </div>
  <p class="status" aria-live="polite"></p>
  <div class="predictions" hidden></div>
  <p class="elsewhere" hidden></p>
  <div class="here" hidden>
    <p class="here-title"></p>
    <div class="predictions-here"></div>
  </div>
  <p class="error" role="alert" hidden></p>
</div>`;
