// The layer race's toy, its parameters and their first values (DOM-free, no TensorFlow.js): the
// shapes of sprout/training/toy_model.py in the order of its named_parameters(), drawn from one
// generator per seed (the same for every depth, as in Python, so a 1-layer and a 2-layer toy of
// one seed start from the same tables and the same first layer).
import { makeRng, STREAM } from './data.js';

/** [{ name, shape, init: 'embed' | 'matrix' | 'gain' }] for a toy of `layers` layers. */
export function parameterList(spec, layers) {
  const W = spec.width;
  const list = [
    { name: 'embed', shape: [spec.vocab, W], init: 'embed' },
    { name: 'position', shape: [spec.seq_len, W], init: 'embed' },
  ];
  for (let i = 0; i < layers; i++) {
    for (const part of ['query', 'key', 'value', 'out']) {
      list.push({ name: `layers.${i}.${part}`, shape: [W, W], init: 'matrix' });
    }
    list.push({ name: `layers.${i}.gain`, shape: [W], init: 'gain' });
  }
  list.push(
    { name: 'gain', shape: [W], init: 'gain' },
    { name: 'unembed', shape: [W, spec.vocab], init: 'matrix' },
  );
  return list;
}

/**
 * name -> { shape, values (Float32Array) }: the tables normal(0, embed_std), every other matrix
 * normal(0, init_std), the RMSNorm gains 1; drawn in parameterList's order from the seed's stream.
 */
export function initialWeights(spec, layers, seed) {
  const rng = makeRng(STREAM.init, seed);
  const weights = {};
  for (const { name, shape, init } of parameterList(spec, layers)) {
    const values = new Float32Array(shape.reduce((a, b) => a * b, 1));
    if (init === 'gain') values.fill(1);
    else {
      const std = init === 'embed' ? spec.embed_std : spec.init_std;
      for (let i = 0; i < values.length; i++) values[i] = rng.normal() * std;
    }
    weights[name] = { shape, values };
  }
  return weights;
}

/** How many numbers a toy of `layers` layers learns. */
export const parameterCount = (spec, layers) =>
  parameterList(spec, layers).reduce((n, { shape }) => n + shape.reduce((a, b) => a * b, 1), 0);
