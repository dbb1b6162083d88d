// <sprout-story>'s heads switched off: the heads off now, the board of switches (one a head, with
// the chapter's presets: heads/switches.js), added once the model's size is known, and the
// presets, read from the chapter's artifacts once. A reader's change runs the story again.
import { fetchJson } from '../common/load.js';
import { chapterPresets } from '../heads/off.js';
import { HeadSwitchBoard } from '../heads/switches.js';

export class StoryHeadsOff {
  constructor(story) {
    this.story = story;
    this.off = [];
  }

  /** Heads off from a link (the board, if shown, follows). */
  set(off) {
    this.off = off;
    this.board?.setOff(off);
  }

  /** The chapter's presets, from its artifacts (fetched once, with the model). */
  loadPresets() {
    const story = this.story;
    this.presetsLoading ||= Promise.all(
      ['stats.json', 'ablations.json'].map((name) => fetchJson(new URL(name, story.artifactsBase()))),
    ).then(([stats, ablations]) => {
      this.presets = chapterPresets({ stats, ablations });
      this.board?.setPresets(this.presets);
      return this.presets;
    });
    this.presetsLoading.catch(() => {
      this.presetsLoading = null;
    });
    return this.presetsLoading;
  }

  /** The switch board, once the model's size is known and the model has said it can switch heads. */
  prepare(switches) {
    const story = this.story;
    if (!this.board) {
      this.board = new HeadSwitchBoard({
        layers: story.info.layers,
        heads: story.info.heads,
        onChange: (off) => {
          this.off = off;
          story.runAgain();
        },
      });
      story.ui.summary.before(this.board.element);
      this.loadPresets().catch((err) =>
        story.setStatus(
          `The chapter's presets could not be loaded (${err.message}); each head still switches.`,
        ),
      );
    }
    this.board.setEnabled(switches.available);
    if (!switches.available) {
      this.off = [];
      story.failSwitches(
        `This model file cannot switch heads off (${switches.problem}). The story is shown with every head on.`,
      );
    }
    this.board.setOff(this.off);
  }
}
