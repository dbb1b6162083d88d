// The arithmetic behind the toy widgets (W3 plane, W4 mask builder).
// No DOM here, so Node's test runner can import it directly.

/** Dot product of two equal-length vectors. */
export function dot(a, b) {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i] * b[i];
  return sum;
}

/**
 * Softmax of a list of scores. Subtracting the largest score first keeps
 * Math.exp from overflowing; the result is the same because softmax ignores
 * a shift shared by all scores. A score of -Infinity gets weight 0; if every
 * score is -Infinity there is nothing to share out and all weights are 0.
 */
export function softmax(scores) {
  const top = Math.max(...scores);
  if (top === -Infinity) return scores.map(() => 0);
  const exps = scores.map((s) => Math.exp(s - top));
  const total = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / total);
}

/** Weighted sum of value vectors: sum_j weights[j] * values[j]. */
export function blend(weights, values) {
  const out = new Array(values[0].length).fill(0);
  weights.forEach((w, j) =>
    values[j].forEach((v, c) => {
      out[c] += w * v;
    }),
  );
  return out;
}

/**
 * One query attending to a few keys: scores s_j = q . k_j, weights =
 * softmax(sharpness * s), output = sum_j weights_j * value_j.
 */
export function attend(query, keys, values, sharpness = 1) {
  const scores = keys.map((key) => dot(query, key));
  const weights = softmax(scores.map((s) => sharpness * s));
  return { scores, weights, output: blend(weights, values) };
}

/**
 * Row-by-row softmax of a T x T score matrix with some cells masked
 * (mask[i][j] true = row i may not look at column j). Masked cells count as
 * -Infinity, so each row renormalises over what it can still see.
 * A row with every cell masked gets all zeros and is listed in fullyMasked.
 */
export function maskedWeights(scores, mask) {
  const fullyMasked = [];
  const weights = scores.map((row, i) => {
    const visible = row.map((s, j) => (mask[i][j] ? -Infinity : s));
    if (visible.every((s) => s === -Infinity)) fullyMasked.push(i);
    return softmax(visible);
  });
  return { weights, fullyMasked };
}

/** The causal mask: row i may see columns 0..i, never a later one. */
export function causalMask(T) {
  return Array.from({ length: T }, (_, i) => Array.from({ length: T }, (_, j) => j > i));
}

/** A T x T mask with nothing masked. */
export function emptyMask(T) {
  return Array.from({ length: T }, () => new Array(T).fill(false));
}

/** Indices of the rows that still have an unmasked cell right of the diagonal. */
export function rowsSeeingFuture(mask) {
  const rows = [];
  mask.forEach((row, i) => {
    if (row.some((masked, j) => j > i && !masked)) rows.push(i);
  });
  return rows;
}

/**
 * How many scores attention computes for T tokens: every pair (T^2), the ones
 * the causal mask keeps (the diagonal and below) and throws away, and the
 * total over all heads.
 */
export function attentionCost(T, heads = 1) {
  return {
    scores: T * T,
    kept: (T * (T + 1)) / 2,
    masked: (T * (T - 1)) / 2,
    allHeads: heads * T * T,
  };
}
