// <sprout-story>'s two lists: the head types of the reader's story (each kind's top heads as
// buttons that enlarge them in W5) and the top-5 next tokens at W2's query token, Sprout whole
// beside Sprout with heads off.
import { el } from '../common/dom.js';
import { formatPercent, quoted } from '../common/format.js';
import { DETECTORS } from '../common/detectors.js';
import { describeCount, kindLabel, kindText, noScoreReason } from './text.js';

/** Each kind's top three heads (`top`, as W5 lists them) as buttons into `list`; `measured` holds
 * the worker's scores and counts. */
export function renderKinds(list, { scores, counts }, top) {
  const items = DETECTORS.map((detector) => {
    const li = el('li');
    if (!scores[detector.name]) {
      li.textContent = `${kindLabel(detector)}: not measured, ${noScoreReason(detector)}.`;
      return li;
    }
    li.append(`${kindLabel(detector)} (${kindText(detector, counts[detector.name])}): `);
    top[detector.name].forEach((c) => {
      const button = el('button', '', `layer ${c.layer}, head ${c.head}: ${c.score.toFixed(2)}`);
      button.type = 'button';
      button.dataset.layer = String(c.layer);
      button.dataset.head = String(c.head);
      li.append(button);
    });
    return li;
  });
  list.replaceChildren(...items);
}

/** The guesses after `token`: `ui` holds the template's prediction parts (storyParts). */
export function renderGuesses(ui, intact, switched, token) {
  const { predictions, tokens } = intact;
  const list = (top) => top.map((p) => el('li', '', `${quoted(p.token)} ${formatPercent(p.p)}`));
  ui.predTitle.textContent = `What Sprout expects after ${quoted(tokens[token])} (token ${token})`;
  ui.predList.replaceChildren(...list(predictions[token] || []));
  ui.predIntactTitle.hidden = !switched;
  ui.predSwitchedBox.hidden = !switched;
  if (switched) {
    ui.predSwitchedTitle.textContent = `With ${describeCount(switched.off)} off`;
    ui.predSwitched.replaceChildren(...list(switched.predictions[token] || []));
  }
  ui.predActual.textContent =
    token + 1 < tokens.length
      ? `Your story goes on with ${quoted(tokens[token + 1])}.`
      : 'This is the last token of your story.';
}
