// Unit tests for story/change.js: the per-token loss from logits, and the one-line summary
// of what switching heads off changed.
// node --test site_assets/tests/
import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
  changeRgb,
  changeSentence,
  largestChange,
  lossShade,
  meanLoss,
  nameRun,
  occurrence,
  signedNats,
  tokenLosses,
} from '../../story/change.js';

test('the loss at each token is -ln of the probability the previous position gave it', () => {
  // vocab 3; position 0 guesses [ln 1, ln 2, ln 1] -> p(token 1) = 1/2; position 1 uniform
  const logits = Float32Array.from([0, Math.log(2), 0, 5, 5, 5, 0, 0, 0]);
  const losses = tokenLosses(logits, [0, 1, 2], 3);
  assert.ok(Number.isNaN(losses[0]), 'the start mark is not guessed');
  assert.ok(Math.abs(losses[1] - Math.log(2)) < 1e-6);
  assert.ok(Math.abs(losses[2] - Math.log(3)) < 1e-6);
  assert.ok(Math.abs(meanLoss(losses) - (Math.log(2) + Math.log(3)) / 2) < 1e-6);
});

const TOKENS = ['◆', 'Z', 'orb', 'in', ' saw', ' Z', 'orb', 'in', '.'];
const IDS = [0, 10, 11, 12, 13, 10, 11, 12, 14];
const P = (...ps) => Float32Array.from([NaN, ...ps.map((p) => -Math.log(p))]);

test('the summary names the run that changed most, by its occurrence, before and after', () => {
  const intact = P(0.01, 0.02, 0.3, 0.1, 0.05, 0.93, 0.95, 0.5);
  const switched = P(0.01, 0.02, 0.3, 0.1, 0.05, 0.004, 0.004, 0.45);
  const change = largestChange(intact, switched);
  assert.deepEqual([change.start, change.end], [6, 8]);
  assert.ok(Math.abs(change.intactP - 0.94) < 1e-6 && Math.abs(change.switchedP - 0.004) < 1e-6);
  assert.equal(nameRun(TOKENS, IDS, 6, 8), 'the second ‘orbin’');
  const sentence = changeSentence(TOKENS, IDS, intact, switched);
  assert.equal(
    sentence,
    `The second ‘orbin’: 94% likely with every head on, 0.4% now; the rest of the story: ${signedNats(
      Math.log(0.5 / 0.45) / 6,
    )} nats per token.`,
  );
});

test('when nothing moves, the summary says so', () => {
  const intact = P(0.01, 0.02, 0.3, 0.1, 0.05, 0.93, 0.95, 0.5);
  const sentence = changeSentence(
    TOKENS,
    IDS,
    intact,
    intact.map((x) => x + 0.01),
  );
  assert.match(
    sentence,
    /^Nothing changed much: no token's loss moved by 0.1 nats or more \(the whole story: \+0.01/,
  );
});

test('a run whose start repeats an earlier stretch is named by that stretch', () => {
  // ' Z orb in .' at 5..9: only ' Z orb in' was seen before
  const tokens = [...TOKENS.slice(0, 8), '.'];
  assert.equal(nameRun(tokens, IDS, 5, 9), 'the second ‘Zorbin’ and the token after it');
  assert.equal(nameRun(tokens, IDS, 5, 8), 'the second ‘Zorbin’');
});

test('a run seen once is named by its token numbers; occurrences count exact repeats', () => {
  assert.equal(nameRun(TOKENS, IDS, 4, 5), '‘saw’ (token 4)');
  assert.deepEqual(occurrence(IDS, 1, 4), { count: 2, nth: 1 });
  assert.deepEqual(occurrence(IDS, 5, 8), { count: 2, nth: 2 });
});

test('colours: the loss scale ends at an even guess, the change mixes from the background', () => {
  assert.equal(lossShade(Math.log(4096), 4096), 1);
  assert.equal(lossShade(20, 4096), 1);
  assert.equal(lossShade(0, 4096), 0);
  assert.deepEqual(changeRgb(0, [255, 255, 255]), [255, 255, 255]);
  const more = changeRgb(10, [255, 255, 255]);
  const less = changeRgb(-10, [255, 255, 255]);
  assert.ok(more[0] > more[2] && less[2] > less[0], 'more: warm; less: cool');
  assert.equal(signedNats(0.03), '+0.03');
  assert.equal(signedNats(-1.2), '−1.20');
  assert.equal(signedNats(0.001), '0.00');
});
