// Unit tests for W4's pure parts (mask/core.js): toy scores, counts, deep links, keys.
// node --test site_assets/tests/
import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
  formatCount,
  formatMaskHash,
  moveFocus,
  parseMaskHash,
  toyScore,
  toyScores,
} from '../../mask/core.js';

test('toy scores favour the word itself, the word before it and ◆', () => {
  assert.equal(toyScore(0, 0), 1.0 + 0.8); // itself and ◆
  assert.equal(toyScore(2, 1), 1.5 + 0.4 * 2); // the word before, (2*2 + 1) % 3 = 2
  assert.equal(toyScore(3, 3), 1.0); // (2*3 + 3) % 3 = 0
  assert.equal(toyScore(1, 3), 0.4 * 2);
  const scores = toyScores(4);
  assert.equal(scores.length, 4);
  scores.forEach((row, i) => row.forEach((s, j) => assert.equal(s, toyScore(i, j))));
});

test('counts get thousands separators', () => {
  assert.equal(formatCount(7), '7');
  assert.equal(formatCount(1000), '1,000');
  assert.equal(formatCount(262144), '262,144');
  assert.equal(formatCount(6303744), '6,303,744');
});

test('a mask goes into the deep link and back', () => {
  const mask = [
    [false, true, true],
    [false, false, true],
    [false, false, false],
  ];
  assert.equal(formatMaskHash(3, mask), '3/011001000');
  assert.deepEqual(parseMaskHash('3/011001000', 2, 8), { T: 3, mask });
});

test('a deep link with the wrong length, size or digits is refused', () => {
  assert.equal(parseMaskHash('3/01100100', 2, 8), null);
  assert.equal(parseMaskHash('1/0', 2, 8), null);
  assert.equal(parseMaskHash('9/' + '0'.repeat(81), 2, 8), null);
  assert.equal(parseMaskHash('3/01100100x', 2, 8), null);
  assert.equal(parseMaskHash('', 2, 8), null);
  assert.deepEqual(parseMaskHash('2/0000', 2, 2).T, 2);
});

test('arrow keys move within the grid and stop at its edges; other keys are no move', () => {
  assert.deepEqual(moveFocus('ArrowUp', [0, 2], 4), [0, 2]);
  assert.deepEqual(moveFocus('ArrowDown', [3, 2], 4), [4, 2]);
  assert.deepEqual(moveFocus('ArrowDown', [4, 2], 4), [4, 2]);
  assert.deepEqual(moveFocus('ArrowLeft', [1, 0], 4), [1, 0]);
  assert.deepEqual(moveFocus('ArrowRight', [1, 3], 4), [1, 4]);
  assert.deepEqual(moveFocus('Home', [2, 3], 4), [2, 0]);
  assert.deepEqual(moveFocus('End', [2, 1], 4), [2, 4]);
  assert.equal(moveFocus('Enter', [2, 1], 4), null);
  assert.equal(moveFocus('a', [2, 1], 4), null);
});
