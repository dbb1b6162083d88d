// W5's head switches (with the `switches` attribute): the 48 toggles and the chapter's presets
// under the maps, the maps of the heads switched off dimmed, and a link that runs the example
// story without them in "Your own story" on the same page (#story=zorbin/off-5.4-5.6, which
// <sprout-story> follows). W5 itself runs no model: the story block loads it when asked.
import { el } from '../common/dom.js';
import { HeadSwitchBoard, SWITCHES_CSS } from './switches.js';
import { chapterPresets, describeHeads, formatOffSegment } from './off.js';
import { fetchJson } from '../common/load.js';

export const OFF_PANEL_CSS = `${SWITCHES_CSS}
.heads-off { margin-top: 0.8rem; }
.heads-off .switch-title { font-weight: 600; margin: 0 0 0.2rem; }
.heads-off .run-story { font-weight: 600; }
`;

/**
 * new HeadsOffPanel({ layers, heads, base, onChange(off) }): `.element` to place;
 * setStory(id, title) names the story the link runs; loadPresets(headScores) adds the chapter's
 * presets (stats.json and ablations.json fetched from `base`, the artifacts folder).
 */
export class HeadsOffPanel {
  constructor({ layers, heads, base, onChange }) {
    this.base = base;
    this.element = el('div', 'heads-off');
    const title = el('p', 'switch-title', 'Switch heads off');
    this.hint = el(
      'p',
      'hint',
      'Pick heads to switch off here, then run this story without them in “Try your own story” ' +
        'further down the page (it downloads Sprout the first time).',
    );
    this.board = new HeadSwitchBoard({
      layers,
      heads,
      label: 'Heads to switch off in this story',
      onChange: (off) => {
        this.update();
        onChange(off);
      },
    });
    this.link = el('a', 'run-story');
    this.note = el('p', 'hint presets-note');
    this.note.hidden = true;
    const line = el('p', 'run-line');
    line.setAttribute('aria-live', 'polite');
    line.append(this.link);
    this.element.append(title, this.hint, this.board.element, line, this.note);
    this.update();
  }

  setStory(id, title) {
    this.story = { id, title };
    this.update();
  }

  async loadPresets(headScores) {
    if (this.presetsAsked || !headScores) return;
    this.presetsAsked = true;
    try {
      const [stats, ablations] = await Promise.all(
        ['stats.json', 'ablations.json'].map((name) => fetchJson(`${this.base}${name}`)),
      );
      this.board.setPresets(chapterPresets({ stats, ablations }));
    } catch (err) {
      this.note.hidden = false;
      this.note.textContent = `The chapter's presets could not be loaded (${err.message}); each head still switches.`;
    }
  }

  update() {
    const off = this.board.off;
    this.link.hidden = !off.length || !this.story;
    if (this.link.hidden) return;
    this.link.href = `#story=${this.story.id}/${formatOffSegment(off)}`;
    this.link.textContent =
      `Run “${this.story.title}” without ${off.length === 1 ? 'this head' : `these ${off.length} heads`} ` +
      `(${describeHeads(off)})`;
  }
}
