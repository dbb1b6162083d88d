// The layer race's toy in TensorFlow.js, the math of sprout/training/toy_model.py: `tf` is passed
// in (the worker's bundle in the page, tfjs-core under Node in the tests), so this file loads
// nothing itself.
//
//   h = one_hot(tokens) @ embed + position        (a matmul: the wasm backend has no gradient for gather)
//   each layer: h = h + attention(rms_norm(h))    (causal, heads of width/heads, no MLP)
//   logits = rms_norm(h) @ unembed
//
// attention: q, k, v = x @ query, x @ key, x @ value split into heads; scores q k^T / sqrt(head
// width) plus -1e9 above the diagonal; softmax; heads joined, then @ out. Training: plain Adam on
// the mean next-token loss of every position; evaluation: the loss on the copied tokens only.
import { oneHotRows, targetRows, trainingBatch } from './data.js';
import { initialWeights, parameterList } from './weights.js';

export const MASKED = -1e9;

/** The causal mask, [seq_len, seq_len]: 0 on and below the diagonal, MASKED above. */
export function causalMask(S) {
  const values = new Float32Array(S * S);
  for (let i = 0; i < S; i++) for (let j = i + 1; j < S; j++) values[i * S + j] = MASKED;
  return values;
}

/** Tensors of `weights` (initialWeights' shape), as variables when `trainable`. */
export function toTensors(tf, weights, trainable = true) {
  const made = {};
  for (const [name, { shape, values }] of Object.entries(weights)) {
    const tensor = tf.tensor(values, shape, 'float32');
    made[name] = trainable ? tf.variable(tensor, true, name) : tensor;
    if (trainable) tensor.dispose();
  }
  return made;
}

/** One batch as tensors: its one-hot tokens and its one-hot targets (all, or the copied only). */
export function batchTensors(tf, batch, spec, { copyOnly = false } = {}) {
  const V = spec.vocab;
  const n = batch.rows * batch.seqLen;
  const targets = targetRows(batch, V, { copyOnly });
  return {
    rows: batch.rows,
    input: tf.tensor(oneHotRows(batch, V), [n, V], 'float32'),
    targets: tf.tensor(targets.values, [n, V], 'float32'),
    count: targets.count,
    dispose() {
      this.input.dispose();
      this.targets.dispose();
    },
  };
}

function rmsNorm(tf, spec, x, gain) {
  if (!spec.rms_norm) return x;
  return tf.mul(tf.mul(x, tf.rsqrt(tf.add(tf.mean(tf.square(x), -1, true), spec.rms_epsilon))), gain);
}

/**
 * logits [rows * seq_len, vocab] of `input` ([rows * seq_len, vocab] one-hot), and, with
 * `keepWeights`, each layer's attention weights [rows, heads, seq_len, seq_len].
 */
export function forward(tf, spec, params, layers, input, rows, mask, keepWeights = false) {
  const S = spec.seq_len;
  const W = spec.width;
  const H = spec.heads;
  const D = W / H;
  const embedded = tf.reshape(tf.matMul(input, params.embed), [rows, S, W]);
  let h = tf.reshape(tf.add(embedded, params.position), [rows * S, W]);
  const weights = [];
  for (let i = 0; i < layers; i++) {
    const x = rmsNorm(tf, spec, h, params[`layers.${i}.gain`]);
    const split = (part) =>
      tf.transpose(tf.reshape(tf.matMul(x, params[`layers.${i}.${part}`]), [rows, S, H, D]), [0, 2, 1, 3]);
    const q = split('query');
    const k = split('key');
    const v = split('value');
    const scores = tf.add(tf.mul(tf.matMul(q, k, false, true), 1 / Math.sqrt(D)), mask);
    const w = tf.softmax(scores);
    if (keepWeights) weights.push(w);
    const joined = tf.reshape(tf.transpose(tf.matMul(w, v), [0, 2, 1, 3]), [rows * S, W]);
    h = tf.add(h, tf.matMul(joined, params[`layers.${i}.out`]));
  }
  const logits = tf.matMul(rmsNorm(tf, spec, h, params.gain), params.unembed);
  return { logits, weights };
}

/** Mean loss in nats over the positions whose one-hot target row is set. */
export function meanLoss(tf, logits, targets, count) {
  return tf.mul(tf.neg(tf.sum(tf.mul(targets, tf.logSoftmax(logits)))), 1 / count);
}

/** One toy of the race: its variables, its Adam, a training step, its copy loss and attention. */
export class ToyTrainer {
  constructor(tf, spec, layers, seed) {
    Object.assign(this, { tf, spec, layers, seed });
    this.params = toTensors(tf, initialWeights(spec, layers, seed));
    this.varList = parameterList(spec, layers).map(({ name }) => this.params[name]);
    this.mask = tf.tensor(causalMask(spec.seq_len), [spec.seq_len, spec.seq_len], 'float32');
    this.optimizer = tf.train.adam(spec.lr, spec.adam_beta1, spec.adam_beta2, spec.adam_epsilon);
  }

  logits(input, rows, keepWeights = false) {
    return forward(this.tf, this.spec, this.params, this.layers, input, rows, this.mask, keepWeights);
  }

  /** Trains on step `step`'s batch of the seed's stream; the batch's mean loss before the update. */
  step(step) {
    const tf = this.tf;
    const batch = batchTensors(tf, trainingBatch(this.spec, this.seed, step), this.spec);
    const cost = this.optimizer.minimize(
      () => meanLoss(tf, this.logits(batch.input, batch.rows).logits, batch.targets, batch.count),
      true,
      this.varList,
    );
    const loss = cost.dataSync()[0];
    cost.dispose();
    batch.dispose();
    return loss;
  }

  /** The mean loss over the set targets of `batch` (batchTensors' result). */
  loss(batch) {
    const tf = this.tf;
    const loss = tf.tidy(() =>
      meanLoss(tf, this.logits(batch.input, batch.rows).logits, batch.targets, batch.count),
    );
    const value = loss.dataSync()[0];
    loss.dispose();
    return value;
  }

  /** Every layer's attention on `batch` (batchTensors' result): Float32Array [rows, heads, S, S] each. */
  attention(batch) {
    const tf = this.tf;
    return tf.tidy(() => this.logits(batch.input, batch.rows, true).weights.map((w) => w.dataSync().slice()));
  }

  dispose() {
    this.tf.dispose([...this.varList, this.mask]);
    this.optimizer.dispose();
  }
}
