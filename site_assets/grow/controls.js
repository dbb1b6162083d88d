// <sprout-grow>'s controls: the seed field, the third depth's box (offered where the spec races
// one) and the Start, Pause (Resume) and Reset buttons, enabled as the race's state allows.
import { listOf } from '../common/attributes.js';
import { actionButton, el } from '../common/dom.js';
import { optionalDepth, SEED_MAX } from './core.js';

export const CONTROLS_CSS = `
.seed-field input {
  width: 6rem; background: var(--bg); border: 1px solid var(--fg-lighter); border-radius: 0.2rem; padding: 0.1rem 0.35rem;
}
.controls button { min-width: 4.5rem; min-height: 2rem; }
.controls button:disabled { opacity: 0.55; cursor: default; }
`;

export class RaceControls {
  /** `seed` and `layers`: the element's attributes; `actions`: { start, togglePause, reset }. */
  constructor({ seed, layers }, actions) {
    this.element = el('div', 'controls');
    const seedLabel = el('label', 'seed-field');
    this.seedInput = el('input', 'seed');
    Object.assign(this.seedInput, {
      type: 'text',
      inputMode: 'numeric',
      autocomplete: 'off',
      spellcheck: false,
    });
    this.seedInput.value = seed ?? '0';
    seedLabel.append('Seed ', this.seedInput);
    this.thirdLabel = el('label', 'third-field');
    this.thirdBox = el('input', 'third');
    this.thirdBox.type = 'checkbox';
    this.thirdBox.checked = listOf(layers).includes('3');
    this.thirdLabel.append(this.thirdBox, 'also 3 layers');
    this.thirdLabel.hidden = true;
    this.startButton = actionButton('start', 'Start', actions.start);
    this.pauseButton = actionButton('pause', 'Pause', actions.togglePause);
    this.resetButton = actionButton('reset', 'Reset', actions.reset);
    this.seedInput.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') actions.start();
    });
    this.element.append(seedLabel, this.thirdLabel, this.startButton, this.pauseButton, this.resetButton);
  }

  /** The race's spec is read: the third depth is offered where it races one. */
  offer(spec) {
    this.thirdLabel.hidden = !optionalDepth(spec);
    this.seedInput.title = `a whole number from 0 to ${SEED_MAX}`;
  }

  /** A permalink's settings, written into the fields. */
  fill({ seedText, layers }) {
    this.seedInput.value = seedText;
    this.thirdBox.checked = layers.includes(3);
  }

  get seedText() {
    return this.seedInput.value;
  }

  chosenLayers(spec) {
    const third = optionalDepth(spec);
    return third && this.thirdBox.checked ? [1, 2, third] : [1, 2];
  }

  focusSeed() {
    this.seedInput.focus();
  }

  /** The buttons for a race in `state`; `live`: a race runs (or waits), so it can pause. */
  show(state, { live, loaded }) {
    this.pauseButton.disabled = !live;
    this.pauseButton.textContent = state === 'paused' ? 'Resume' : 'Pause';
    this.startButton.disabled = state === 'unsupported' || !loaded;
    this.resetButton.disabled = state === 'idle' || state === 'unsupported';
  }

  /** The race's file could not be read: nothing to start. */
  disable() {
    this.startButton.disabled = true;
  }
}
