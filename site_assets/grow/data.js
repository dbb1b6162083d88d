// The layer race's data in the browser, DOM-free (tested under Node): a seeded random generator
// and the stream of repeats that sprout/training/toy_data.py draws, by the same rule. Each row:
// every token random in 0..vocab-1; a run of L tokens (run_min..run_max) starting at a
// (0..seq_len-2L) is copied to b (a+L..seq_len-L). a, b and L vary row by row, so only matching a
// token with its earlier copy tells a model what comes next. The tokens scored as "copying" are
// the second copy's after its first: targets b+1..b+L-1, predicted from positions b..b+L-2.
//
// The numbers come from this file's generator, not PyTorch's: the same rule and statistics, not
// the same bits. Streams, like Python's, depend only on what they are for and the seed and step.

export const STREAM = { init: 1, train: 2, heldout: 3, example: 4 };

// 32-bit mixing (the finaliser of a well-known 32-bit hash): every input bit moves every output bit
function mix32(value) {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * A generator of its own for the stream named by `keys` (whole numbers >= 0, below 2**53):
 * { uint32(), uniform() in [0, 1), int(n) in 0..n-1, normal() }. Small Fast Counter (sfc32)
 * steps the state; the keys are mixed into its four words.
 */
export function makeRng(...keys) {
  let h = 0x6a09e667;
  for (const key of keys) {
    if (!Number.isSafeInteger(key) || key < 0)
      throw new RangeError(`stream key ${key} is not a whole number >= 0`);
    h = mix32(h ^ mix32(key % 2 ** 32));
    h = mix32(h ^ mix32(Math.floor(key / 2 ** 32) + 0x9e3779b9));
  }
  let a = mix32(h + 1);
  let b = mix32(h + 2);
  let c = mix32(h + 3);
  let d = mix32(h + 4);
  let spare = null;
  const uint32 = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) uint32(); // away from the seeding
  const uniform = () => uint32() / 2 ** 32;
  return {
    uint32,
    uniform,
    int: (n) => Math.floor(uniform() * n),
    /** normal(0, 1), by Box and Muller (two uniforms give two normals; the second is kept) */
    normal() {
      if (spare !== null) {
        const kept = spare;
        spare = null;
        return kept;
      }
      const radius = Math.sqrt(-2 * Math.log(1 - uniform())); // 1 - u: never log(0)
      const angle = 2 * Math.PI * uniform();
      spare = radius * Math.sin(angle);
      return radius * Math.cos(angle);
    },
  };
}

/**
 * `rows` rows of `spec.seq_len` tokens from `rng`, in Python's order: every token first, then
 * each row's run length, first place and second place. { rows, seqLen, tokens (Int32Array,
 * row-major), first, second, length (one per row) }.
 */
export function drawBatch(spec, rows, rng) {
  const S = spec.seq_len;
  const tokens = new Int32Array(rows * S);
  for (let i = 0; i < tokens.length; i++) tokens[i] = rng.int(spec.vocab);
  const first = new Int32Array(rows);
  const second = new Int32Array(rows);
  const length = new Int32Array(rows);
  for (let r = 0; r < rows; r++) {
    const n = spec.run_min + rng.int(spec.run_max - spec.run_min + 1);
    const a = rng.int(S - 2 * n + 1);
    const b = a + n + rng.int(S - n - (a + n) + 1);
    tokens.copyWithin(r * S + b, r * S + a, r * S + a + n);
    first[r] = a;
    second[r] = b;
    length[r] = n;
  }
  return { rows, seqLen: S, tokens, first, second, length };
}

export const trainingBatch = (spec, seed, step) =>
  drawBatch(spec, spec.batch, makeRng(STREAM.train, seed, step));
export const heldoutBatch = (spec) =>
  drawBatch(spec, spec.eval_batch, makeRng(STREAM.heldout, spec.eval_seed));
export const exampleBatch = (spec, seed, number, rows) =>
  drawBatch(spec, rows, makeRng(STREAM.example, seed, number));

/** Whether position t of row r predicts a copied token: t in b..b+L-2 (t indexes 0..seq_len-2). */
export function isCopyPosition(batch, r, t) {
  return t >= batch.second[r] && t < batch.second[r] + batch.length[r] - 1;
}

/**
 * Next-token targets as one-hot rows, [rows * seq_len, vocab] (Float32Array): position t of a row
 * holds token t+1; the last position of each row holds nothing. With `copyOnly`, only the copy
 * positions hold their token. { values, count } (count: the positions holding one).
 */
export function targetRows(batch, vocab, { copyOnly = false } = {}) {
  const { rows, seqLen: S, tokens } = batch;
  const values = new Float32Array(rows * S * vocab);
  let count = 0;
  for (let r = 0; r < rows; r++) {
    for (let t = 0; t < S - 1; t++) {
      if (copyOnly && !isCopyPosition(batch, r, t)) continue;
      values[(r * S + t) * vocab + tokens[r * S + t + 1]] = 1;
      count += 1;
    }
  }
  return { values, count };
}

/** The tokens as one-hot rows, [rows * seq_len, vocab]: the embedding is a matmul with these. */
export function oneHotRows(batch, vocab) {
  const values = new Float32Array(batch.tokens.length * vocab);
  batch.tokens.forEach((token, i) => {
    values[i * vocab + token] = 1;
  });
  return values;
}
