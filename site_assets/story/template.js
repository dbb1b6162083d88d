// <sprout-story>'s shadow DOM: its styles, its static template and the named parts the element
// reaches (storyParts). The element (sprout-story.js) fills them in.
import { BASE_CSS } from '../common/styles.js';
import { SWITCHES_CSS } from '../heads/switches.js';
import { GPT1_CSS } from './gpt1.js';
import { SURPRISE_CSS } from './surprise.js';
import { WHICH_CSS } from './which-heads.js';
import { WRITE_CSS } from './write.js';

/** The name W2 and W5 give the reader's story. */
export const STORY_NAME = 'yours';
const MAX_CHARACTERS = 20000;

const CSS = `${BASE_CSS}
label.story-label { font-weight: 600; display: block; margin-bottom: 0.2rem; }
textarea {
  width: 100%; min-height: 7rem; font: inherit; font-size: 0.95rem; padding: 0.4rem;
  color: var(--fg); background: var(--bg); border: 1px solid var(--fg-lighter); border-radius: 0.2rem;
}
button.primary { font-weight: 600; border-color: var(--primary); }
progress { width: 100%; max-width: 24rem; height: 0.8rem; }
.status { min-height: 1.5em; margin: 0.3rem 0; }
.predictions ol { margin: 0.2rem 0 0.4rem 1.4rem; padding: 0; }
.predictions li { font-variant-numeric: tabular-nums; }
.kinds { margin: 0.2rem 0 0.4rem 1.2rem; padding: 0; }
.kinds button { margin: 0 0.2rem; }
h4 { margin: 0.8rem 0 0.2rem; font-size: 1em; }
.share-link { width: 100%; font-size: 0.8em; }
.guesses { display: flex; flex-wrap: wrap; gap: 0.2rem 2rem; }
.guesses h5 { margin: 0.2rem 0 0; font-size: 0.95em; font-weight: 600; }
.change-summary { font-weight: 600; min-height: 1.5em; margin: 0.3rem 0; }
${SWITCHES_CSS}
${SURPRISE_CSS}
${GPT1_CSS}
${WRITE_CSS}
${WHICH_CSS}
`;

export const TEMPLATE = `
<style>${CSS}</style>
<div class="frame" part="frame">
  <label class="story-label" for="text">Your story</label>
  <textarea id="text" class="text" maxlength="${MAX_CHARACTERS}" spellcheck="false"
            aria-describedby="about"></textarea>
  <p class="hint" id="about">Sprout reads at most 511 tokens after ◆ (roughly 2,000 characters
    of simple English). It runs in your browser: your text goes nowhere.</p>
  <div class="controls">
    <button type="button" class="analyse primary">Analyse</button>
    <button type="button" class="share" disabled>Copy a link to this story</button>
  </div>
  <p class="size hint"></p>
  <progress class="progress" max="1" value="0" hidden aria-label="Downloading the model"></progress>
  <p class="status" role="status"></p>
  <p class="offer" hidden><button type="button" class="first">Analyse the first 511 tokens</button></p>
  <p class="error story-error" role="alert" hidden></p>
  <p class="error switch-error" role="alert" hidden></p>
  <input class="share-link" readonly hidden aria-label="Link to this story">
  <div class="results" hidden>
    <section class="switches-box" aria-labelledby="switches-title">
      <h4 id="switches-title">Switch heads off</h4>
      <p class="hint">A head switched off gives its average output instead, as the chapter's removals
        do; the story then runs again, and each view below compares Sprout without those heads with
        Sprout whole.</p>
      <p class="change-summary" aria-live="polite"></p>
    </section>
    <p class="views-note hint" hidden>The token view and the 48 maps below show Sprout with every head on.</p>
    <sprout-explorer class="explorer" source="page" hash="off" group="own-story" examples="${STORY_NAME}"></sprout-explorer>
    <section class="predictions" aria-live="polite">
      <h4 class="predictions-title"></h4>
      <div class="guesses">
        <div class="guesses-intact"><h5 class="guesses-intact-title" hidden>Every head on</h5>
          <ol class="predictions-list"></ol></div>
        <div class="guesses-switched" hidden><h5 class="guesses-switched-title"></h5>
          <ol class="predictions-switched"></ol></div>
      </div>
      <p class="predictions-actual hint"></p>
    </section>
    <section class="kinds-box">
      <h4>Head types in your story</h4>
      <ul class="kinds"></ul>
    </section>
    <sprout-heads class="heads" source="page" hash="off" group="own-story" examples="${STORY_NAME}"
                  highlight="previous_token"></sprout-heads>
  </div>
</div>`;

/** The parts of the template the element reads and writes, by role. */
export function storyParts(root) {
  const $ = (s) => root.querySelector(s);
  return {
    text: $('.text'),
    analyse: $('.analyse'),
    share: $('.share'),
    size: $('.size'),
    progress: $('.progress'),
    status: $('.status'),
    offer: $('.offer'),
    first: $('.first'),
    error: $('.story-error'),
    link: $('.share-link'),
    results: $('.results'),
    switchesBox: $('.switches-box'),
    switchError: $('.switch-error'),
    summary: $('.change-summary'),
    viewsNote: $('.views-note'),
    explorer: $('.explorer'),
    heads: $('.heads'),
    predTitle: $('.predictions-title'),
    predList: $('.predictions-list'),
    predIntactTitle: $('.guesses-intact-title'),
    predSwitchedBox: $('.guesses-switched'),
    predSwitchedTitle: $('.guesses-switched-title'),
    predSwitched: $('.predictions-switched'),
    predActual: $('.predictions-actual'),
    kinds: $('.kinds'),
  };
}
