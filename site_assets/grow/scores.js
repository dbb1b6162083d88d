// What the race's heads do, DOM-free: the previous-token and induction scores of
// sprout/training/toy_scores.py, on attention weights read out of the worker. weights: one
// Float32Array per layer, [rows, heads, S, S] (query row, key column); batch: drawBatch's.

const at = (S, H, r, head, q, k) => ((r * H + head) * S + q) * S + k;

/** [layer][head]: mean weight from every position t >= 1 to t - 1, over every row. */
export function previousTokenScores(weights, rows, heads, S) {
  return weights.map((w) =>
    Array.from({ length: heads }, (_, head) => {
      let total = 0;
      for (let r = 0; r < rows; r++) for (let t = 1; t < S; t++) total += w[at(S, heads, r, head, t, t - 1)];
      return total / (rows * (S - 1));
    }),
  );
}

/**
 * [layer][head]: mean weight from a second-copy position b + j to a + j + 1, the token after its
 * earlier copy, over every position the copy loss scores (j = 0..L-2 of every row).
 */
export function inductionScores(weights, batch, heads) {
  const S = batch.seqLen;
  return weights.map((w) =>
    Array.from({ length: heads }, (_, head) => {
      let total = 0;
      let count = 0;
      for (let r = 0; r < batch.rows; r++) {
        for (let j = 0; j < batch.length[r] - 1; j++) {
          total += w[at(S, heads, r, head, batch.second[r] + j, batch.first[r] + j + 1)];
          count += 1;
        }
      }
      return total / count;
    }),
  );
}

/** [layer, head] (0-based) of the largest score in `scores` ([layer][head]), among `layers` if given. */
export function bestHead(scores, layers = scores.map((_, i) => i)) {
  let best = null;
  for (const layer of layers) {
    scores[layer].forEach((value, head) => {
      if (!best || value > scores[best[0]][best[1]]) best = [layer, head];
    });
  }
  return best;
}

/** One row's map of one head, [S][S] numbers: weights of row `r`, layer `layer`, head `head`. */
export function headMap(weights, layer, r, head, heads, S) {
  return Array.from({ length: S }, (_, q) =>
    Array.from({ length: S }, (_, k) => weights[layer][at(S, heads, r, head, q, k)]),
  );
}
