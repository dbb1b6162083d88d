// The attention of an example file, decoded: the "tril-u8-base64" layout of
// sprout/analysis/encoding.py (per layer, per head, per query row, the weights of the keys it sees).

export function triangleSize(T) {
  return (T * (T + 1)) / 2;
}

export function base64ToBytes(base64) {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Decode the "tril-u8-base64" attention of one example.
 * The encoded bytes hold, per layer, per head, per query row t, the weights of keys 0..t as
 * bytes that add up to 255 per row; weight = byte / 255.
 * Returns { layers, heads, T, bytes, weight(layer, head, t, j), byte(...), head(layer, head),
 * row(layer, head, t) }: `bytes` is one square T x T block per head (zeros above the diagonal),
 * all indices 0-based.
 */
export function decodeAttention(base64, layers, heads, T) {
  let packed;
  try {
    packed = base64ToBytes(base64);
  } catch (err) {
    throw new Error(`attention data is not valid base64 (${err.message})`, { cause: err });
  }
  return unpackAttention(packed, layers, heads, T);
}

/** decodeAttention's result from the packed bytes themselves (as a page computes them). */
export function unpackAttention(packed, layers, heads, T) {
  const perHead = triangleSize(T);
  const expected = layers * heads * perHead;
  if (packed.length !== expected) {
    throw new Error(
      `encoded attention holds ${packed.length} bytes, expected ${expected} ` +
        `for ${layers} layers x ${heads} heads x ${T} tokens`,
    );
  }
  const square = T * T;
  const bytes = new Uint8Array(layers * heads * square);
  let source = 0;
  for (let block = 0; block < layers * heads; block++) {
    const base = block * square;
    for (let t = 0; t < T; t++) {
      bytes.set(packed.subarray(source, source + t + 1), base + t * T);
      source += t + 1;
    }
  }
  const offset = (layer, head) => (layer * heads + head) * square;
  return {
    layers,
    heads,
    T,
    bytes,
    byte: (layer, head, t, j) => bytes[offset(layer, head) + t * T + j],
    weight: (layer, head, t, j) => bytes[offset(layer, head) + t * T + j] / 255,
    head: (layer, head) => bytes.subarray(offset(layer, head), offset(layer, head) + square),
    row: (layer, head, t) => {
      const start = offset(layer, head) + t * T;
      return Array.from(bytes.subarray(start, start + t + 1), (b) => b / 255);
    },
  };
}
