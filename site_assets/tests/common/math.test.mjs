// Unit tests for the toy widgets' arithmetic: node --test site_assets/tests/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  dot,
  softmax,
  attend,
  maskedWeights,
  causalMask,
  emptyMask,
  rowsSeeingFuture,
  attentionCost,
} from '../../common/math.js';

const close = (actual, expected, tol = 1e-9) =>
  assert.ok(Math.abs(actual - expected) <= tol, `${actual} != ${expected}`);
const closeAll = (actual, expected, tol = 1e-9) => {
  assert.equal(actual.length, expected.length);
  actual.forEach((a, i) => close(a, expected[i], tol));
};
const sum = (xs) => xs.reduce((a, b) => a + b, 0);

test('dot multiplies pairwise and adds', () => {
  assert.equal(dot([1, 2, 3], [4, 5, 6]), 32);
  assert.equal(dot([], []), 0);
});

test('softmax sums to 1 and keeps the order of the scores', () => {
  const w = softmax([1, 3, 2]);
  close(sum(w), 1);
  assert.ok(w[1] > w[2] && w[2] > w[0]);
  closeAll(softmax([0, 0, 0, 0]), [0.25, 0.25, 0.25, 0.25]);
});

test('softmax stays finite for huge scores', () => {
  const w = softmax([1000, 1001, 999]);
  w.forEach((x) => assert.ok(Number.isFinite(x)));
  close(sum(w), 1);
  // the same as the shifted scores [1, 2, 0]
  closeAll(w, softmax([1, 2, 0]));
  closeAll(softmax([-1000, -1000]), [0.5, 0.5]);
});

test('softmax gives masked (-Infinity) scores no weight', () => {
  closeAll(softmax([0, -Infinity, 0]), [0.5, 0, 0.5]);
  closeAll(softmax([-Infinity, -Infinity]), [0, 0]);
});

test("attend at W3's start position matches a hand computation", () => {
  const keys = [
    [2.0, 0.5],
    [0.5, 2.0],
    [1.5, -1.0],
    [-1.2, 1.4],
  ];
  const values = [
    [0.9, 0.3, 0.5],
    [0.2, 0.4, 0.9],
    [0.85, 0.1, 0.1],
    [0.2, 0.7, 0.3],
  ];
  const query = [1.0, 0.8];
  const { scores, weights, output } = attend(query, keys, values, 1);

  // scores by hand: 1*2 + 0.8*0.5 = 2.4, 0.5 + 1.6 = 2.1, 1.5 - 0.8 = 0.7, -1.2 + 1.12 = -0.08
  closeAll(scores, [2.4, 2.1, 0.7, -0.08], 1e-12);
  const exps = [2.4, 2.1, 0.7, -0.08].map(Math.exp);
  const total = sum(exps);
  const expected = exps.map((e) => e / total);
  closeAll(weights, expected, 1e-12);
  // printed by numpy for the same numbers, to 6 decimals
  closeAll(weights, [0.498195, 0.369072, 0.091012, 0.04172], 1e-6);
  const blended = [0, 1, 2].map((c) => sum(expected.map((w, j) => w * values[j][c])));
  closeAll(output, blended, 1e-12);
  closeAll(output, [0.607895, 0.335393, 0.60288], 1e-6);
});

test('attend: sharpness 0 spreads evenly, zero query too', () => {
  const keys = [
    [2, 0],
    [0, 2],
    [-1, -1],
  ];
  const values = [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ];
  closeAll(attend([1, 1], keys, values, 0).weights, [1 / 3, 1 / 3, 1 / 3]);
  const still = attend([0, 0], keys, values, 5);
  closeAll(still.scores, [0, 0, 0]);
  closeAll(still.weights, [1 / 3, 1 / 3, 1 / 3]);
  closeAll(still.output, [1 / 3, 1 / 3, 1 / 3]);
});

test('attend: all scores negative, the weights still sum to 1', () => {
  const { scores, weights } = attend(
    [-1, -1],
    [
      [2, 0.5],
      [0.5, 2],
      [1.5, -0.5],
    ],
    [[1], [2], [3]],
  );
  scores.forEach((s) => assert.ok(s < 0));
  close(sum(weights), 1);
});

test('attend: a large sharpness approaches a plain lookup', () => {
  const { weights } = attend(
    [1, 0],
    [
      [2, 0],
      [1, 0],
      [0, 1],
    ],
    [[1], [2], [3]],
    50,
  );
  assert.ok(weights[0] > 0.999999);
});

test('maskedWeights renormalises each row over what it can see', () => {
  const scores = [
    [1, 2, 3],
    [0, 0, 0],
    [3, 1, 2],
  ];
  const mask = [
    [false, true, false],
    [false, false, false],
    [false, false, false],
  ];
  const { weights, fullyMasked } = maskedWeights(scores, mask);
  const a = Math.exp(1),
    c = Math.exp(3);
  closeAll(weights[0], [a / (a + c), 0, c / (a + c)]);
  closeAll(weights[1], [1 / 3, 1 / 3, 1 / 3]);
  closeAll(weights[2], softmax([3, 1, 2]));
  weights.forEach((row) => close(sum(row), 1));
  assert.deepEqual(fullyMasked, []);
});

test('maskedWeights: a fully masked row gets zeros and is reported', () => {
  const scores = [
    [1, 2],
    [3, 4],
  ];
  const mask = [
    [true, true],
    [false, true],
  ];
  const { weights, fullyMasked } = maskedWeights(scores, mask);
  assert.deepEqual(weights[0], [0, 0]);
  closeAll(weights[1], [1, 0]);
  assert.deepEqual(fullyMasked, [0]);
});

test('causalMask masks exactly the cells above the diagonal', () => {
  assert.deepEqual(causalMask(3), [
    [false, true, true],
    [false, false, true],
    [false, false, false],
  ]);
  const T = 7;
  const masked = causalMask(T).flat().filter(Boolean).length;
  assert.equal(masked, (T * (T - 1)) / 2);
});

test('causal weights: the first row looks only at itself', () => {
  const scores = [
    [5, 1, 1],
    [1, 5, 1],
    [1, 1, 5],
  ];
  const { weights } = maskedWeights(scores, causalMask(3));
  closeAll(weights[0], [1, 0, 0]);
  close(weights[1][2], 0);
  weights.forEach((row) => close(sum(row), 1));
});

test('rowsSeeingFuture finds rows with an unmasked cell right of the diagonal', () => {
  assert.deepEqual(rowsSeeingFuture(emptyMask(4)), [0, 1, 2]);
  assert.deepEqual(rowsSeeingFuture(causalMask(4)), []);
  const mask = causalMask(4);
  mask[1][3] = false;
  assert.deepEqual(rowsSeeingFuture(mask), [1]);
  // masking the past does not matter, only the future does
  const past = emptyMask(3).map((row, i) => row.map((_, j) => j !== i));
  assert.deepEqual(rowsSeeingFuture(past), []);
});

test('attentionCost counts scores, kept, masked and all heads', () => {
  assert.deepEqual(attentionCost(512, 48), {
    scores: 262144,
    kept: 131328,
    masked: 130816,
    allHeads: 12582912,
  });
  assert.deepEqual(attentionCost(5), { scores: 25, kept: 15, masked: 10, allHeads: 25 });
  for (let T = 1; T <= 20; T++) {
    const cost = attentionCost(T, 6);
    assert.equal(cost.kept + cost.masked, cost.scores);
    assert.equal(cost.allHeads, 6 * T * T);
  }
});
