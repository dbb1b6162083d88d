// <sprout-grow>'s words on the page: the introduction and the Python race's context (from the
// race's file), the status line (steps and speeds), the outcome (polite: it changes only when
// something happens), the alert for bad settings or a race that stopped, and the error line when
// the race's file cannot be read. The sentences themselves come from text.js.
import { el, showErrorLine } from '../common/dom.js';

export const LINES_CSS = `
.status { font-variant-numeric: tabular-nums; margin: 0.3rem 0; }
.outcome { font-weight: 600; margin: 0.3rem 0; min-height: 1.5em; }
.message { margin: 0.3rem 0; }
.python { margin: 0.2rem 0; }
`;

export class RaceLines {
  constructor() {
    this.intro = el('p', 'hint');
    this.message = el('p', 'message error');
    this.message.setAttribute('role', 'alert');
    this.message.hidden = true;
    this.status = el('p', 'status');
    this.outcome = el('p', 'outcome');
    this.outcome.setAttribute('aria-live', 'polite');
    this.python = el('p', 'python hint');
    this.errorLine = el('p', 'error');
    this.errorLine.setAttribute('role', 'alert');
    this.errorLine.hidden = true;
  }

  introduce(intro, python) {
    this.intro.textContent = intro;
    this.python.textContent = python;
  }

  showStatus(text) {
    this.status.textContent = text;
  }

  /** The outcome line, written only when its words change (screen readers hear each write). */
  announce(text) {
    if (this.outcome.textContent !== text) this.outcome.textContent = text;
  }

  showMessage(text) {
    this.message.textContent = text;
    this.message.hidden = false;
  }

  hideMessage() {
    this.message.hidden = true;
    this.message.textContent = '';
  }

  /** The race cannot be shown at all: one line, and the host's `error`. */
  fail(host, text) {
    showErrorLine(host, this.errorLine, text);
  }
}
