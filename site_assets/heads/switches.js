// The 48 head switches and the chapter's presets, as a block of DOM another widget places (the
// own-story view; the 48-head map uses the same toggles). Each head is a real toggle: a button
// with role=switch, named "Layer 5, head 4, on", reached by Tab (one stop: the arrow keys move
// between heads, Home and End along a layer) and switched by click, tap, Space or Enter.
import { el } from '../common/dom.js';
import { drawControl, headKey, numberWord, sameHeads, sortHeads } from './off.js';

export const SWITCHES_CSS = `
.switch-board { margin: 0.4rem 0; }
.switch-board table { border-collapse: collapse; margin: 0.2rem 0; }
.switch-board th { font-weight: 400; color: var(--fg-light); font-size: 0.85em; padding: 0 0.3rem 0 0; text-align: right; white-space: nowrap; }
.switch-board thead th { text-align: center; padding: 0 0 0.1rem; }
.switch-board td { padding: 0.1rem; }
button.head-switch {
  min-width: 2rem; min-height: 2rem; padding: 0; font-variant-numeric: tabular-nums;
  border: 2px solid var(--primary); background: var(--primary); color: var(--bg); font-weight: 600;
  touch-action: manipulation;
}
button.head-switch[aria-checked="false"] {
  background: var(--bg); color: var(--fg); border-style: dashed; border-color: var(--fg-light); font-weight: 400;
  text-decoration: line-through;
}
.switch-board button:disabled { opacity: 0.45; cursor: not-allowed; }
.presets { display: flex; flex-wrap: wrap; gap: 0.3rem; align-items: center; margin: 0.3rem 0; }
.presets button { min-height: 2rem; touch-action: manipulation; }
.presets button[aria-pressed="true"] { border-color: var(--primary); box-shadow: inset 0 0 0 1px var(--primary); font-weight: 600; }
`;

const PRESET_LABELS = {
  induction: () => 'the induction heads',
  tom: () => 'the Tom head',
  previous: () => 'the previous-token head',
  control: (p) => `${numberWord(p.count)} other heads of the same layers`,
};

/**
 * new HeadSwitchBoard({ layers, heads, onChange(off, how) }): `.element` to place; setOff(list)
 * shows a state; setPresets(presets) adds the chapter's preset buttons (chapterPresets' result);
 * setEnabled(yes) turns every control on or off. onChange runs after a reader's change with the
 * heads now off (sorted [layer, head] pairs, 1-based) and what made it ('switch' or a preset name).
 */
export class HeadSwitchBoard {
  constructor({
    layers,
    heads,
    onChange,
    label = "Sprout's heads: switch one off to run the story without it",
  }) {
    this.layers = layers;
    this.heads = heads;
    this.onChange = onChange;
    this.off = [];
    this.presets = {};
    this.element = el('div', 'switch-board');
    this.element.setAttribute('role', 'group');
    this.element.setAttribute('aria-label', label);
    this.presetRow = el('div', 'presets');
    this.presetRow.append(el('span', 'hint', 'Switch off:'));
    this.allOn = this.button('all', 'all on (reset)', () => this.change([], 'all'));
    this.presetRow.append(this.allOn);
    this.table = this.buildTable();
    this.element.append(this.presetRow, this.table);
    this.focusAt = 0;
    this.sync();
  }

  button(name, text, onClick) {
    const button = el('button', '', text);
    button.type = 'button';
    button.dataset.preset = name;
    button.setAttribute('aria-pressed', 'false');
    button.addEventListener('click', onClick);
    return button;
  }

  buildTable() {
    const table = el('table');
    const head = el('tr');
    head.append(el('td'));
    for (let h = 1; h <= this.heads; h++) {
      const th = el('th', '', `head ${h}`);
      th.scope = 'col';
      head.append(th);
    }
    const thead = el('thead');
    thead.append(head);
    const tbody = el('tbody');
    this.switches = [];
    for (let l = 1; l <= this.layers; l++) {
      const row = el('tr');
      const th = el('th', '', `Layer ${l}`);
      th.scope = 'row';
      row.append(th);
      for (let h = 1; h <= this.heads; h++) {
        const button = el('button', 'head-switch', String(h));
        button.type = 'button';
        button.setAttribute('role', 'switch');
        button.dataset.layer = String(l);
        button.dataset.head = String(h);
        const cell = el('td');
        cell.append(button);
        row.append(cell);
        this.switches.push(button);
      }
      tbody.append(row);
    }
    table.append(thead, tbody);
    table.addEventListener('click', (event) => {
      const button = event.target.closest('button.head-switch');
      if (!button || button.disabled) return;
      this.focusAt = this.switches.indexOf(button);
      this.toggle(Number(button.dataset.layer), Number(button.dataset.head));
    });
    table.addEventListener('keydown', (event) => this.onKey(event));
    return table;
  }

  onKey(event) {
    const at = this.switches.indexOf(event.target);
    if (at < 0) return;
    const row = Math.floor(at / this.heads);
    const col = at % this.heads;
    const moves = {
      ArrowLeft: [row, col - 1],
      ArrowRight: [row, col + 1],
      ArrowUp: [row - 1, col],
      ArrowDown: [row + 1, col],
      Home: [row, 0],
      End: [row, this.heads - 1],
    };
    const to = moves[event.key];
    if (!to) return;
    event.preventDefault();
    const r = Math.min(this.layers - 1, Math.max(0, to[0]));
    const c = Math.min(this.heads - 1, Math.max(0, to[1]));
    this.focusAt = r * this.heads + c;
    this.sync();
    this.switches[this.focusAt].focus();
  }

  toggle(layer, head) {
    const key = headKey(layer, head);
    const isOff = this.off.some(([l, h]) => headKey(l, h) === key);
    const next = isOff ? this.off.filter(([l, h]) => headKey(l, h) !== key) : [...this.off, [layer, head]];
    this.change(next, 'switch');
  }

  change(off, how) {
    this.setOff(off);
    this.onChange?.(this.off, how);
  }

  /** The chapter's presets (chapterPresets' result; a null one gets no button). */
  setPresets(presets) {
    this.presets = presets;
    for (const name of ['induction', 'tom', 'previous', 'control']) {
      const preset = presets[name];
      if (!preset || this.presetRow.querySelector(`[data-preset="${name}"]`)) continue;
      const onClick =
        name === 'control'
          ? () => this.change(drawControl(preset), 'control')
          : () => this.change(preset, name);
      this.presetRow.insertBefore(this.button(name, PRESET_LABELS[name](preset), onClick), this.allOn);
    }
    this.sync();
  }

  setOff(off) {
    this.off = sortHeads(off);
    this.sync();
  }

  setEnabled(yes) {
    this.element.querySelectorAll('button').forEach((b) => {
      b.disabled = !yes;
    });
  }

  sync() {
    const off = new Set(this.off.map(([l, h]) => headKey(l, h)));
    this.switches.forEach((button, i) => {
      const { layer, head } = button.dataset;
      const on = !off.has(headKey(layer, head));
      button.setAttribute('aria-checked', String(on));
      button.setAttribute('aria-label', `Layer ${layer}, head ${head}, ${on ? 'on' : 'off'}`);
      button.tabIndex = i === this.focusAt ? 0 : -1;
    });
    for (const button of this.presetRow.querySelectorAll('button')) {
      const name = button.dataset.preset;
      const preset = name === 'all' ? [] : this.presets[name];
      const pressed =
        name === 'control' ? this.controlPressed() : Boolean(preset) && sameHeads(preset, this.off);
      button.setAttribute('aria-pressed', String(pressed));
    }
  }

  /** The control preset shows as pressed while the heads off are one of the chapter's draws. */
  controlPressed() {
    const control = this.presets.control;
    return Boolean(control) && control.sets.some((set) => sameHeads(set, this.off));
  }
}
