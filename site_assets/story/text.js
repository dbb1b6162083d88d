// The words of <sprout-story>, pure (tested under Node): sizes, counts of heads, the head-type
// scores of the reader's text as W5 takes them, the one-line summary of a switch, and the "try it"
// links' grammar.
import { DETECTORS } from '../common/detectors.js';
import { topHeads } from '../heads/scores.js';
import { describeHeads } from '../heads/off.js';
import { changeSentence } from './change.js';
import { START_GLYPH } from './core.js';

export const PRESET_NAMES = {
  induction: 'the induction heads',
  tom: 'the Tom head',
  previous: 'the previous-token head',
};
// "#story=zorbin/induction": a chapter story with a preset's heads off ("all": every head on), or
// with the heads a link lists ("#story=zorbin/off-5.4-5.6": W5's switches)
const TRY_IT = /^([a-z0-9_]+)\/(induction|tom|previous|all|off(?:-[^/]*)?)$/;

/** "zorbin/induction" -> ["zorbin", "induction"]; a shared story's value -> null. */
export function parseTryIt(value) {
  const match = TRY_IT.exec(value);
  return match ? match.slice(1) : null;
}

/** 31966540 -> "32.0 MB" */
export function formatBytes(bytes) {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/** [[5, 4]] -> "1 head"; 48 heads -> "48 heads". */
export function describeCount(off) {
  return `${off.length} head${off.length === 1 ? '' : 's'}`;
}

/** The status after a run: "All 12 tokens after ◆ analysed in 0.4 s with 3 heads off." ("1 token" alone). */
export function analysedSentence({ truncated, T }, seconds, off = null) {
  const count = T - 1;
  const read = truncated ? `The first ${count} tokens` : count === 1 ? 'The 1 token' : `All ${count} tokens`;
  const heads = off?.length ? ` with ${describeCount(off)} off` : '';
  return `${read} after ${START_GLYPH} analysed in ${seconds.toFixed(1)} s${heads}.`;
}

/** What the first analysis downloads, from model.json's and the runtime's sizes. */
export function downloadSentence(info, runtime) {
  return (
    `The first analysis downloads Sprout (${formatBytes(info.bytes)}) and its ` +
    `runtime (${formatBytes(runtime.bytes)}), ${formatBytes(info.bytes + runtime.bytes)} in all; ` +
    'your browser keeps them for later visits.'
  );
}

const STORY = 'your story';

function fill(template, n) {
  // one token: "1 token", and the verb after it agrees ("that repeats"), as detectors.py writes it
  const agreed =
    n === 1
      ? template.replace('{n} tokens', '{n} token').replace(' that repeat ', ' that repeats ')
      : template;
  return agreed.replace('{n}', String(n)).replace('{text}', STORY);
}

/** A detector's name at the start of a line: "Previous-token". */
export function kindLabel(detector) {
  return detector.label[0].toUpperCase() + detector.label.slice(1);
}

/** Why the reader's story has no score of this kind: "your story repeats no stretch ...". */
export function noScoreReason(detector) {
  return fill(detector.none, 0);
}

/** What a detector's score is on the reader's story, where it averages over n of its tokens. */
export function kindText(detector, n) {
  return n ? `${detector.measures}, over ${fill(detector.rows, n)}` : `none: ${noScoreReason(detector)}`;
}

/** The reader's head-type scores (the worker's scores and counts) in the shape W5's setHeadScores takes. */
export function headScoresOf({ scores, counts }) {
  const about = {};
  const examples = {};
  const repeats = {};
  for (const detector of DETECTORS) {
    const { name } = detector;
    about[name] = kindText(detector, counts[name]);
    if (scores[name]) (detector.from === 'repeats' ? repeats : examples)[name] = scores[name];
  }
  const measured = { ...examples, ...repeats };
  const top = Object.fromEntries(
    Object.entries(measured).map(([kind, matrix]) => [kind, topHeads(matrix, 3)]),
  );
  return { about, models: { sprout: { examples, repeats, top } } };
}

/** The line above the views: which heads are off and what that did to the story's loss. */
export function summaryOf(intact, switched, all) {
  const sentence = changeSentence(intact.tokens, intact.ids, intact.losses, switched.losses);
  if (switched.off.length === all) {
    return (
      `All ${all} heads are off: every attention layer adds only its heads' average outputs, so ` +
      `Sprout guesses each next token from the current token alone. ${sentence}`
    );
  }
  return `With ${describeCount(switched.off)} off (${describeHeads(switched.off)}): ${sentence}`;
}
