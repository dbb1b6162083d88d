// Unit tests for "Which heads made this guess" (story/which-heads.js): the ranking, the slice of
// one guess out of the story's direct effects, and the downloaded record.
// node --test site_assets/tests/
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { directOf, guessRecord, rankHeads } from '../../story/which-heads.js';

test('heads are ranked largest first, 1-based, ties by layer then head', () => {
  const ranked = rankHeads(Float32Array.from([0.5, -1, 2, 0.5]), 2);
  assert.deepEqual(
    ranked.map((h) => [h.layer, h.head, h.value]),
    [
      [2, 1, 2],
      [1, 1, 0.5],
      [2, 2, 0.5],
      [1, 2, -1],
    ],
  );
});

test("one guess's direct effects are its column of the (layers, heads, T - 1) array", () => {
  // 2 layers x 2 heads, T = 4: value = 100 * head index + guess position
  const T = 4;
  const all = Float32Array.from(
    { length: 4 * (T - 1) },
    (_, i) => 100 * Math.floor(i / (T - 1)) + (i % (T - 1)),
  );
  assert.deepEqual(Array.from(directOf(all, 2, 2, T, 1)), [0, 100, 200, 300]); // the guess of token 1 is at 0
  assert.deepEqual(Array.from(directOf(all, 2, 2, T, 3)), [2, 102, 202, 302]);
});

test('the record holds the guess and both readings as layers x heads grids, with their definitions', () => {
  const record = guessRecord({
    tokens: ['◆', ' Z', 'or'],
    token: 2,
    logprob: -0.1,
    direct: Float32Array.from([1, 2, 3, 4]),
    removal: null,
    layers: 2,
    heads: 2,
  });
  assert.equal(record.guessed, 'or');
  assert.equal(record.after, ' Z');
  assert.deepEqual(record.direct_logits, [
    [1, 2],
    [3, 4],
  ]);
  assert.equal(record.removal_nats, null);
  assert.match(record.definitions.direct, /frozen/);
});
