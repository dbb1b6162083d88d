// W2's pure parts (tested under Node): its deep link both ways, where the query looks most, the
// sentences that say so, the weights as CSV, the token a story opens on and what each key in
// the story does.
import { csvLine, formatPercent, quoted, topK } from '../common/format.js';
import { parseSlashState } from '../common/url-state.js';

/** "tom_he/7/2/57" -> { example, layer, head, token } (layer, head 1-based) or null. */
export function parseExplorerState(text) {
  const parsed = parseSlashState(text, 3);
  if (!parsed) return null;
  const [layer, head, token] = parsed.numbers;
  if (layer < 1 || head < 1) return null;
  return { example: parsed.example, layer, head, token };
}

export function formatExplorerState({ example, layer, head, token }) {
  return `${example}/${layer}/${head}/${token}`;
}

/** W2's permalink (HeadWidget reads and writes it): #explorer=tom_he/7/2/57. */
export const EXPLORER_PERMALINK = { key: 'explorer', read: parseExplorerState, write: formatExplorerState };

/** The k keys the query attends to most: [{ index, token, weight }], largest first. */
export function topAttended(weights, tokens, k = 3) {
  return topK(weights, k).map((index) => ({ index, token: tokens[index], weight: weights[index] }));
}

/** The sentence for screen readers (and everyone) naming where the query looks most. */
export function readoutSentence(top, query, queryToken, layer, head) {
  const items = top.map((t) => `${quoted(t.token)} (token ${t.index}) ${formatPercent(t.weight)}`);
  return `Layer ${layer}, head ${head}: ${quoted(queryToken)} (token ${query}) looks most at ${items.join(', ')}.`;
}

/** Sprout's top guesses for the token after the query, and what the story really has there. */
export function nextSentence(top, queryToken, actual) {
  if (!top?.length) return '';
  const guesses = top.map((p) => `${quoted(p.token)} ${formatPercent(p.prob)}`).join(', ');
  const story = actual === undefined ? 'the story ends here' : `the story has ${quoted(actual)}`;
  return `Sprout's top ${top.length} guesses for the token after ${quoted(queryToken)}: ${guesses} (${story}).`;
}

/** The query's weights as CSV: one row per key token it can see. */
export function weightsCsv(weights, tokens) {
  return (
    ['key,token,weight', ...weights.map((w, j) => csvLine([j, tokens[j], w.toFixed(4)]))].join('\n') + '\n'
  );
}

/** The token a story opens on: the last mark's last token (where the chapter's question is). */
export function defaultQuery(example) {
  const positions = Object.values(example.marks || {}).map((m) => m.position);
  return positions.length ? Math.max(...positions) : example.tokens.length - 1;
}

/**
 * What a key pressed in the story does, or null: `{ change }` (of the state: token, layer or head)
 * or, for Shift+arrows, `{ focusTo }` (an earlier token to read, the query unchanged). `at`: the
 * focused token's index (the query's when none is focused).
 */
export function storyKey(key, { shift, at, focused }, state, { layers, heads, T }) {
  const back = key === 'ArrowLeft' || key === 'ArrowUp' || key === '[' || key === 'PageUp';
  if (shift && (key === 'ArrowLeft' || key === 'ArrowRight')) {
    return { focusTo: Math.min(state.token, Math.max(0, at + (back ? -1 : 1))) };
  }
  if (key === 'ArrowLeft' || key === 'ArrowRight') {
    return { change: { token: Math.min(T - 1, Math.max(0, state.token + (back ? -1 : 1))) } };
  }
  if (key === 'Home' || key === 'End') return { change: { token: key === 'Home' ? 0 : T - 1 } };
  if (key === 'ArrowUp' || key === 'ArrowDown') {
    return { change: { layer: Math.min(layers, Math.max(1, state.layer + (back ? -1 : 1))) } };
  }
  if (key === '[' || key === ']' || key === 'PageUp' || key === 'PageDown') {
    return { change: { head: Math.min(heads, Math.max(1, state.head + (back ? -1 : 1))) } };
  }
  if ((key === 'Enter' || key === ' ') && focused) return { change: { token: at } };
  return null;
}
