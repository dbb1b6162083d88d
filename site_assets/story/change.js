// How surprised Sprout is at each token of a story (its loss in nats: -ln of the probability it
// gave the token that came), and what switching heads off changed: the per-token difference and
// the one-line summary of where it changed most. Pure functions; tested under Node.
import { quoted } from '../common/format.js';

/**
 * Loss at each position from logits [T, vocab]: losses[t] = -ln p(ids[t] | ids[< t]) for t >= 1;
 * losses[0] is NaN (nothing guesses the start mark).
 */
export function tokenLosses(logits, ids, vocab) {
  const T = ids.length;
  const losses = new Float32Array(T);
  losses[0] = NaN;
  for (let t = 1; t < T; t++) losses[t] = lossAt(logits, (t - 1) * vocab, vocab, ids[t]);
  return losses;
}

/** -log P(id) from the `vocab` logits starting at `offset` (one position's row). */
export function lossAt(logits, offset, vocab, id) {
  let max = -Infinity;
  for (let i = 0; i < vocab; i++) if (logits[offset + i] > max) max = logits[offset + i];
  let total = 0;
  for (let i = 0; i < vocab; i++) total += Math.exp(logits[offset + i] - max);
  return max + Math.log(total) - logits[offset + id];
}

/** Mean of losses[t] over t in [from, to) (NaN-free positions only). */
export function meanLoss(losses, from = 1, to = losses.length) {
  let sum = 0;
  let n = 0;
  for (let t = from; t < to; t++) {
    if (Number.isFinite(losses[t])) {
      sum += losses[t];
      n++;
    }
  }
  return n ? sum / n : NaN;
}

/** "+0.03" / "−1.20": a signed number of nats with two decimals. */
export function signedNats(value) {
  const text = Math.abs(value).toFixed(2);
  if (text === '0.00') return '0.00';
  return `${value > 0 ? '+' : '−'}${text}`;
}

/** A probability as the summary shows it: "93%", "4.2%", "0.4%", "0.02%". */
export function shortPercent(p) {
  const pct = p * 100;
  if (pct >= 10) return `${pct.toFixed(0)}%`;
  if (pct >= 0.1) return `${pct.toFixed(1)}%`;
  return `${pct.toPrecision(1)}%`;
}

const ORDINALS = [
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
];

function sameRun(ids, at, start, length) {
  for (let k = 0; k < length; k++) if (ids[at + k] !== ids[start + k]) return false;
  return true;
}

/** How often ids[start .. end) occurs in ids, and which occurrence (1-based) the one at start is. */
export function occurrence(ids, start, end) {
  const length = end - start;
  let count = 0;
  let nth = 0;
  for (let at = 1; at + length <= ids.length; at++) {
    if (sameRun(ids, at, start, length)) {
      count++;
      if (at === start) nth = count;
    }
  }
  return { count, nth };
}

/** Tokens whose loss moved by less than this (nats) count as unchanged. */
export const NOTHING_MOVED = 0.1;

/**
 * Where switching heads off changed Sprout's guesses most: the run of neighbouring tokens around
 * the largest change in loss (same direction, each at least a quarter of it and 0.5 nats), with
 * the mean probability Sprout gave those tokens before and after, and the mean change in loss
 * over the rest of the story. Returns { start, end, intactP, switchedP, rest, restCount, largest }
 * (start/end: the run's token range, end exclusive; null when no token moved by NOTHING_MOVED).
 */
export function largestChange(intact, switched) {
  const T = intact.length;
  const delta = (t) => switched[t] - intact[t];
  let peak = -1;
  for (let t = 1; t < T; t++) if (peak < 0 || Math.abs(delta(t)) > Math.abs(delta(peak))) peak = t;
  const whole = T > 1 ? meanLoss(switched) - meanLoss(intact) : 0;
  if (peak < 0 || !(Math.abs(delta(peak)) >= NOTHING_MOVED)) {
    return { start: null, end: null, whole, largest: peak < 0 ? 0 : delta(peak), peak };
  }
  const sign = Math.sign(delta(peak));
  const floor = Math.max(0.5, Math.abs(delta(peak)) / 4);
  const joins = (t) => t >= 1 && t < T && Math.sign(delta(t)) === sign && Math.abs(delta(t)) >= floor;
  let start = peak;
  let end = peak + 1;
  while (joins(start - 1)) start--;
  while (joins(end)) end++;
  let intactP = 0;
  let switchedP = 0;
  for (let t = start; t < end; t++) {
    intactP += Math.exp(-intact[t]);
    switchedP += Math.exp(-switched[t]);
  }
  intactP /= end - start;
  switchedP /= end - start;
  let rest = 0;
  let restCount = 0;
  for (let t = 1; t < T; t++) {
    if (t >= start && t < end) continue;
    rest += delta(t);
    restCount++;
  }
  return { start, end, intactP, switchedP, rest: restCount ? rest / restCount : 0, restCount, whole, peak };
}

/**
 * How the summary names tokens[start .. end): "the second ‘orbin Plax’" when the run repeats an
 * earlier stretch; "the second ‘Zorbin Plax’ and the 2 tokens after it" when only its start does;
 * else "‘kite’ (token 7)".
 */
export function nameRun(tokens, ids, start, end) {
  const shown = (to) => {
    const text = tokens.slice(start, to).join('');
    return quoted(text.length > 40 ? `${text.slice(0, 39)}…` : text);
  };
  for (let to = end; to > start; to--) {
    const { count, nth } = occurrence(ids, start, to);
    if (count > 1 && nth >= 2 && nth <= ORDINALS.length) {
      const after = end - to;
      const rest = after ? ` and the ${after === 1 ? 'token' : `${after} tokens`} after it` : '';
      return `the ${ORDINALS[nth - 1]} ${shown(to)}${rest}`;
    }
    if (to - start <= 2) break; // a name is two tokens or more: shorter repeats say nothing
  }
  return end - start > 1 ? `${shown(end)} (tokens ${start} to ${end - 1})` : `${shown(end)} (token ${start})`;
}

/**
 * The one line a reader (and a screen reader) gets after a change: "The second ‘orbin Plax’: 93%
 * likely with every head on, 0.4% now; the rest of the story: +0.03 nats per token."
 */
export function changeSentence(tokens, ids, intact, switched) {
  const change = largestChange(intact, switched);
  if (change.start === null) {
    return (
      `Nothing changed much: no token's loss moved by ${NOTHING_MOVED} nats or more ` +
      `(the whole story: ${signedNats(change.whole)} nats per token).`
    );
  }
  const where = nameRun(tokens, ids, change.start, change.end);
  const head =
    `${where[0].toUpperCase()}${where.slice(1)}: ${shortPercent(change.intactP)} likely with every head ` +
    `on, ${shortPercent(change.switchedP)} now`;
  const rest = change.restCount ? `; the rest of the story: ${signedNats(change.rest)} nats per token` : '';
  return `${head}${rest}.`;
}

// ---------------------------------------------------------------------------------------------
// Colours: the loss on the attention colour scale (0 nats: the page; an even guess among the
// whole vocabulary, ln V, or more: the far end), the change on a two-sided scale.

/** 0 .. 1 on the colour scale for a loss in nats, ln(vocab) and above at 1. */
export function lossShade(loss, vocab) {
  if (!Number.isFinite(loss)) return 0;
  return Math.min(1, Math.max(0, loss / Math.log(vocab)));
}

const MORE = [213, 94, 0]; // vermilion: more surprised with heads off
const LESS = [0, 114, 178]; // blue: less surprised (Okabe-Ito, told apart without hue vision by the legend's words)
/** Changes at or beyond this many nats get the full colour. */
export const CHANGE_TOP = 4;

/** The colour of a change in loss, mixed from the page's background: [r, g, b]. */
export function changeRgb(delta, background) {
  if (!Number.isFinite(delta)) return background;
  const amount = Math.min(1, Math.abs(delta) / CHANGE_TOP);
  const toward = delta > 0 ? MORE : LESS;
  return background.map((c, k) => Math.round(c + (toward[k] - c) * amount));
}
