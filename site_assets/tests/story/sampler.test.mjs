// Unit tests for the story's sampler (story/sampler.js); tests/test_sampler.py holds Python's
// sprout/sampler.py to the same numbers by running this module under Node.
// node --test site_assets/tests/
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { choose, mulberry32, ranked, settingsProblem } from '../../story/sampler.js';

const draws = (seed, n) => {
  const rng = mulberry32(seed);
  return Array.from({ length: n }, () => rng.next());
};

test('the same seed gives the same stream, another seed another one, all in [0, 1)', () => {
  assert.deepEqual(draws(7, 50), draws(7, 50));
  assert.notDeepEqual(draws(7, 5), draws(8, 5));
  const many = draws(0, 20000);
  assert.ok(many.every((u) => u >= 0 && u < 1));
  const mean = many.reduce((a, b) => a + b, 0) / many.length;
  assert.ok(Math.abs(mean - 0.5) < 0.01, `mean ${mean}`);
  assert.equal(new Set(many).size, many.length);
});

test('temperature 0 takes the likeliest token and uses no random number', () => {
  const logits = Float32Array.from([0.5, 3, -1, 3, 2]);
  const rng = mulberry32(1);
  assert.equal(choose(logits, { temperature: 0, topK: 40 }, rng), 1); // a tie: the lower id
  assert.equal(rng.next(), mulberry32(1).next());
});

test('top-k 1 is the likeliest token whatever the temperature', () => {
  const logits = Float32Array.from([0.1, 0.2, 4, 0.3]);
  const rng = mulberry32(3);
  for (let i = 0; i < 20; i++) assert.equal(choose(logits, { temperature: 2, topK: 1 }, rng), 2);
});

test('draws follow exp(logit / temperature) among the top k and never leave them', () => {
  const logits = Float32Array.from([1, 0, 2, -3, 0.5]);
  const temperature = 0.8;
  const topK = 3;
  const counts = new Array(5).fill(0);
  const rng = mulberry32(11);
  const n = 40000;
  for (let i = 0; i < n; i++) counts[choose(logits, { temperature, topK }, rng)] += 1;
  const kept = ranked(logits).slice(0, topK);
  assert.deepEqual(kept, [2, 0, 4]);
  const weights = kept.map((i) => Math.exp(logits[i] / temperature));
  const total = weights.reduce((a, b) => a + b, 0);
  kept.forEach((id, r) => assert.ok(Math.abs(counts[id] / n - weights[r] / total) < 0.01, `${id}`));
  assert.equal(counts[1] + counts[3], 0);
});

test('an offset picks one position out of a row of positions', () => {
  const logits = Float32Array.from([9, 0, 0, 0, 0, 7]);
  assert.equal(choose(logits, { temperature: 0, topK: 1 }, mulberry32(0), 3, 3), 2);
});

test('settings out of range are named in one line', () => {
  const ok = { temperature: 0.8, topK: 40, seed: 0 };
  assert.equal(settingsProblem(ok, 4096), null);
  assert.match(settingsProblem({ ...ok, seed: -1 }, 4096), /seed/);
  assert.match(settingsProblem({ ...ok, seed: 1.5 }, 4096), /seed/);
  assert.match(settingsProblem({ ...ok, seed: 2 ** 32 }, 4096), /seed/);
  assert.match(settingsProblem({ ...ok, temperature: 2.5 }, 4096), /temperature/);
  assert.match(settingsProblem({ ...ok, temperature: NaN }, 4096), /temperature/);
  assert.match(settingsProblem({ ...ok, topK: 0 }, 4096), /Top-k/);
  assert.match(settingsProblem({ ...ok, topK: 5000 }, 4096), /Top-k/);
});
