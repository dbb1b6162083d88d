// Choosing Sprout's next token as sprout/sampler.py does, so that every browser and Python write
// the same words from the same seed: mulberry32's seeded stream, argmax at temperature 0, else a
// draw among the top-k with weights exp((logit - top) / temperature), summed in the same order.
// Pure functions: the worker, the page and Node (site_assets/tests/story/sampler.test.mjs) use them.

export const SEED_MAX = 2 ** 32 - 1;
export const TEMPERATURE_MAX = 2;

/** A seeded stream of floats in [0, 1): next() is sprout.sampler.Mulberry32.next. */
export function mulberry32(seed) {
  let state = seed >>> 0;
  return {
    next() {
      state = (state + 0x6d2b79f5) >>> 0;
      const a = state;
      let t = Math.imul(a ^ (a >>> 15), 1 | a) >>> 0;
      t = (((t + (Math.imul(t ^ (t >>> 7), 61 | t) >>> 0)) >>> 0) ^ t) >>> 0;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
  };
}

/** The first setting out of range as one line, or null when all three can be used. */
export function settingsProblem({ temperature, topK, seed }, vocabSize) {
  if (!Number.isInteger(seed) || seed < 0 || seed > SEED_MAX)
    return `The seed must be a whole number from 0 to ${SEED_MAX}.`;
  if (!Number.isFinite(temperature) || temperature < 0 || temperature > TEMPERATURE_MAX)
    return `The temperature must be from 0 to ${TEMPERATURE_MAX}.`;
  if (!Number.isInteger(topK) || topK < 1 || topK > vocabSize)
    return `Top-k must be a whole number from 1 to ${vocabSize}.`;
  return null;
}

/** Ids of logits[offset .. offset + n) from the highest logit down (lower id first on a tie). */
export function ranked(logits, offset = 0, n = logits.length - offset) {
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((i, j) => logits[offset + j] - logits[offset + i] || i - j);
  return order;
}

/** The next token from one position's logits (logits[offset .. offset + n)). */
export function choose(logits, { temperature, topK }, rng, offset = 0, n = logits.length - offset) {
  const order = ranked(logits, offset, n);
  if (temperature === 0) return order[0];
  const kept = order.slice(0, topK);
  const top = logits[offset + kept[0]];
  const weights = kept.map((i) => Math.exp((logits[offset + i] - top) / temperature));
  let total = 0;
  for (const w of weights) total += w;
  const u = rng.next() * total;
  let running = 0;
  for (let r = 0; r < kept.length; r++) {
    running += weights[r];
    if (u < running) return kept[r];
  }
  return kept[kept.length - 1];
}
