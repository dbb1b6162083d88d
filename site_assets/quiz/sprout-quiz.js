// <sprout-quiz>: a three-choice question written as plain HTML in the chapter's Markdown:
//
//   <sprout-quiz>
//     <p class="question">…</p>
//     <ul>
//       <li data-correct>Choice <span class="why">Why this is right.</span></li>
//       <li>Choice <span class="why">Why this is wrong.</span></li>
//     </ul>
//   </sprout-quiz>
//
// The element stays in the light DOM so the page's own typography (and `code` styling)
// applies. The choices become a radiogroup; choosing shows "Correct" or "Not quite" with that
// choice's explanation. After a wrong choice the reader may try again, or press
// "Show the answer". Page text is only ever moved or cloned as nodes, never parsed as HTML.
// Deep link: #quiz1=2 chooses the second choice of the page's first quiz (key: the `hash`
// attribute, else the id, else quizN).
import { define, SproutElement } from '../common/element.js';
import { hashState } from '../common/url-state.js';

const STYLE_ID = 'sprout-quiz-style';
const CSS = `
sprout-quiz {
  display: block; margin: 1.5em 0; max-width: 100%; padding: 0.6em 0.9em;
  border: 1px solid var(--md-default-fg-color--lightest, rgba(0, 0, 0, 0.12));
  border-left: 4px solid var(--md-accent-fg-color, #526cfe); border-radius: 0.2rem;
}
sprout-quiz {
  --sq-right: #0b7a3e; --sq-wrong: #b34700;
  --sq-border: var(--md-default-fg-color--lighter, rgba(0, 0, 0, 0.32));
  --sq-bg: var(--md-default-bg-color, #fff);
}
sprout-quiz[data-theme="dark"] {
  --sq-right: #7dd3a0; --sq-wrong: #ffab70;
  --sq-border: var(--md-default-fg-color--lighter, rgba(255, 255, 255, 0.34));
  --sq-bg: var(--md-default-bg-color, #1e2129);
}
sprout-quiz .question { font-weight: 600; margin: 0 0 0.5em; }
sprout-quiz [role="radiogroup"] { list-style: none; margin: 0; padding: 0; }
sprout-quiz [role="radiogroup"] > li { margin: 0.3em 0 !important; list-style: none; }
sprout-quiz [role="radio"] {
  position: relative; cursor: pointer; padding: 0.35em 0.6em 0.35em 2em;
  border: 1px solid var(--sq-border); border-radius: 0.2rem;
}
sprout-quiz [role="radio"]::before {
  content: ""; position: absolute; left: 0.6em; top: 0.6em; width: 0.8em; height: 0.8em;
  border: 2px solid currentColor; border-radius: 50%; box-sizing: border-box;
}
sprout-quiz [role="radio"][aria-checked="true"]::before { background: currentColor; box-shadow: inset 0 0 0 2px var(--sq-bg); }
sprout-quiz [role="radio"]:hover { border-color: var(--md-accent-fg-color, #526cfe); }
sprout-quiz [role="radio"]:focus-visible { outline: 2px solid var(--md-accent-fg-color, #526cfe); outline-offset: 2px; }
sprout-quiz [role="radio"][data-result="right"] { border-color: var(--sq-right); border-width: 2px; }
sprout-quiz [role="radio"][data-result="wrong"] { border-color: var(--sq-wrong); border-style: dashed; }
sprout-quiz .mark { font-weight: 700; margin-left: 0.4em; }
sprout-quiz [data-result="right"] .mark { color: var(--sq-right); }
sprout-quiz [data-result="wrong"] .mark { color: var(--sq-wrong); }
sprout-quiz .why[hidden] { display: none; }
sprout-quiz .feedback { margin: 0.6em 0 0; min-height: 1.5em; }
sprout-quiz .feedback:empty { display: none; }
sprout-quiz .verdict { font-weight: 700; margin-right: 0.3em; }
sprout-quiz .feedback[data-result="right"] .verdict { color: var(--sq-right); }
sprout-quiz .feedback[data-result="wrong"] .verdict { color: var(--sq-wrong); }
sprout-quiz .show-answer {
  font: inherit; margin-left: 0.4em; padding: 0.05em 0.45em; cursor: pointer; color: inherit; background: none;
  border: 1px solid var(--sq-border); border-radius: 0.2rem;
}
sprout-quiz .show-answer:focus-visible { outline: 2px solid var(--md-accent-fg-color, #526cfe); outline-offset: 2px; }
`;

/** One stylesheet per document, added by the first quiz. */
function ensureStyle(doc) {
  if (doc.getElementById(STYLE_ID)) return;
  const style = doc.createElement('style');
  style.id = STYLE_ID;
  style.textContent = CSS;
  doc.head.append(style);
}

let questionCount = 0;

// Lifecycle and theme (the host's data-theme) come from SproutElement (common/element.js).
class SproutQuiz extends SproutElement {
  connected() {
    ensureStyle(this.ownerDocument);
    if (this.upgraded) {
      this.followHash();
      return;
    }
    // The element may be defined before the parser has reached its children.
    if (!this.querySelector('li') && document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', () => this.isConnected && this.upgrade(), { once: true });
    } else {
      this.upgrade();
    }
  }

  upgrade() {
    if (this.upgraded) return;
    this.upgraded = true;
    const question = this.querySelector('.question');
    const list = this.querySelector('ul, ol');
    if (!list) return;
    this.choices = [...list.children].filter((child) => child.tagName === 'LI');
    this.makeRadiogroup(list, question);
    this.feedback = document.createElement('div');
    this.feedback.className = 'feedback';
    this.feedback.setAttribute('aria-live', 'polite');
    list.after(this.feedback);
    this.setAttribute('ready', '');
    this.followHash();
  }

  /**
   * The reader's choice in the URL hash ("#quiz1=2": the second choice of the page's first
   * quiz; the key is the `hash` attribute, else the element's id, else quizN).
   */
  followHash() {
    const quizzes = [...document.querySelectorAll('sprout-quiz')];
    const key = this.id || `quiz${quizzes.indexOf(this) + 1}`;
    this.link = hashState(
      this,
      key,
      (text) => {
        const index = /^\d+$/.test(text) ? Number(text) - 1 : -1;
        if (!this.choices[index]) return false;
        this.choose(index, false);
        return true;
      },
      this.lifetime.signal,
    );
  }

  makeRadiogroup(list, question) {
    list.setAttribute('role', 'radiogroup');
    if (question) {
      if (!question.id) question.id = `sprout-quiz-question-${++questionCount}`;
      list.setAttribute('aria-labelledby', question.id);
    }
    this.choices.forEach((choice, index) => {
      choice.setAttribute('role', 'radio');
      choice.setAttribute('aria-checked', 'false');
      choice.tabIndex = index === 0 ? 0 : -1;
      choice.querySelectorAll('.why').forEach((why) => {
        why.hidden = true;
      });
      const mark = document.createElement('span');
      mark.className = 'mark';
      mark.setAttribute('aria-hidden', 'true');
      choice.append(mark);
      choice.addEventListener('click', (event) => {
        if (!event.target.closest?.('a')) this.choose(index);
      });
    });
    list.addEventListener('keydown', (event) => this.onKey(event));
  }

  onKey(event) {
    const index = this.choices.indexOf(event.target);
    if (index < 0) return;
    const last = this.choices.length - 1;
    const next = {
      ArrowDown: index === last ? 0 : index + 1,
      ArrowRight: index === last ? 0 : index + 1,
      ArrowUp: index === 0 ? last : index - 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next !== undefined) {
      event.preventDefault();
      this.focusChoice(next);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      this.choose(index);
    }
  }

  focusChoice(index) {
    this.choices.forEach((choice, i) => {
      choice.tabIndex = i === index ? 0 : -1;
    });
    this.choices[index].focus();
  }

  /** Show the verdict on a choice (`byReader`: focus it and keep it in the URL). */
  choose(index, byReader = true) {
    const choice = this.choices[index];
    const right = choice.hasAttribute('data-correct');
    this.choices.forEach((c, i) => c.setAttribute('aria-checked', String(i === index)));
    if (byReader) {
      this.focusChoice(index);
      this.link?.save(String(index + 1));
    } else {
      this.choices.forEach((c, i) => {
        c.tabIndex = i === index ? 0 : -1;
      });
    }
    choice.dataset.result = right ? 'right' : 'wrong';
    choice.querySelector('.mark').textContent = right ? '✓' : '✗';
    this.dataset.result = right ? 'right' : 'wrong';
    this.dataset.chosen = String(index);
    this.showFeedback(choice, right);
  }

  showFeedback(choice, right) {
    const verdict = document.createElement('span');
    verdict.className = 'verdict';
    verdict.textContent = right ? 'Correct.' : 'Not quite.';
    const parts = [verdict, ...this.explanation(choice)];
    if (!right) {
      const retry = document.createElement('span');
      retry.textContent = ' Try another choice, or ';
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'show-answer';
      button.textContent = 'show the answer';
      button.addEventListener('click', () => this.choose(this.correctIndex()));
      parts.push(retry, button);
    }
    this.feedback.dataset.result = right ? 'right' : 'wrong';
    this.feedback.replaceChildren(...parts);
  }

  /** Copies of a choice's explanation nodes (the originals stay hidden in the choice). */
  explanation(choice) {
    return [...choice.querySelectorAll('.why')].map((why) => {
      const copy = why.cloneNode(true);
      copy.hidden = false;
      copy.removeAttribute('id');
      copy.prepend(' ');
      return copy;
    });
  }

  correctIndex() {
    const index = this.choices.findIndex((c) => c.hasAttribute('data-correct'));
    return index < 0 ? 0 : index;
  }
}

define('sprout-quiz', SproutQuiz);
export { SproutQuiz };
