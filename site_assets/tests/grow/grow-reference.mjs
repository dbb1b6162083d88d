// A plain-JavaScript forward pass of the layer race's toy, written from toy_model.py's docstring
// with loops and no tensors: the reference the TensorFlow.js forward (grow/model.js) is
// checked against. Float64 throughout. weights: initialWeights' shape (name -> {shape, values}).

function matmul(a, rowsA, inner, b, colsB) {
  const out = new Float64Array(rowsA * colsB);
  for (let i = 0; i < rowsA; i++)
    for (let k = 0; k < inner; k++)
      for (let j = 0; j < colsB; j++) out[i * colsB + j] += a[i * inner + k] * b[k * colsB + j];
  return out;
}

function rmsNorm(spec, x, rows, gain) {
  if (!spec.rms_norm) return Float64Array.from(x);
  const W = spec.width;
  const out = new Float64Array(x.length);
  for (let r = 0; r < rows; r++) {
    let sq = 0;
    for (let c = 0; c < W; c++) sq += x[r * W + c] ** 2;
    const scale = 1 / Math.sqrt(sq / W + spec.rms_epsilon);
    for (let c = 0; c < W; c++) out[r * W + c] = x[r * W + c] * scale * gain[c];
  }
  return out;
}

/** { logits: [T][vocab], weights: [layer][head][query][key], losses: [T-1] } for one row of tokens. */
export function referenceForward(spec, weights, layers, tokens) {
  const T = tokens.length;
  const W = spec.width;
  const H = spec.heads;
  const D = W / H;
  const V = spec.vocab;
  const w = (name) => weights[name].values;
  let h = new Float64Array(T * W);
  for (let t = 0; t < T; t++)
    for (let c = 0; c < W; c++) h[t * W + c] = w('embed')[tokens[t] * W + c] + w('position')[t * W + c];
  const attention = [];
  for (let l = 0; l < layers; l++) {
    const x = rmsNorm(spec, h, T, w(`layers.${l}.gain`));
    const [q, k, v] = ['query', 'key', 'value'].map((part) => matmul(x, T, W, w(`layers.${l}.${part}`), W));
    const joined = new Float64Array(T * W);
    const heads = [];
    for (let head = 0; head < H; head++) {
      const rows = [];
      for (let i = 0; i < T; i++) {
        const scores = [];
        for (let j = 0; j <= i; j++) {
          let s = 0;
          for (let d = 0; d < D; d++) s += q[i * W + head * D + d] * k[j * W + head * D + d];
          scores.push(s / Math.sqrt(D));
        }
        const top = Math.max(...scores);
        const exps = scores.map((s) => Math.exp(s - top));
        const total = exps.reduce((a, b) => a + b, 0);
        const row = Array.from({ length: T }, (_, j) => (j <= i ? exps[j] / total : 0));
        for (let j = 0; j <= i; j++)
          for (let d = 0; d < D; d++) joined[i * W + head * D + d] += row[j] * v[j * W + head * D + d];
        rows.push(row);
      }
      heads.push(rows);
    }
    attention.push(heads);
    const added = matmul(joined, T, W, w(`layers.${l}.out`), W);
    h = h.map((value, i) => value + added[i]);
  }
  const flat = matmul(rmsNorm(spec, h, T, w('gain')), T, W, w('unembed'), V);
  const logits = Array.from({ length: T }, (_, t) => Array.from(flat.slice(t * V, (t + 1) * V)));
  const losses = [];
  for (let t = 0; t < T - 1; t++) {
    const top = Math.max(...logits[t]);
    const logTotal = top + Math.log(logits[t].reduce((a, z) => a + Math.exp(z - top), 0));
    losses.push(logTotal - logits[t][tokens[t + 1]]);
  }
  return { logits, weights: attention, losses };
}
