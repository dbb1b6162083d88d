// Unit tests for <sprout-story>'s words (story/text.js): sizes, "try it" links, the
// head-type scores handed to W5 and the summary line of a switch.
// node --test site_assets/tests/
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { changeSentence } from '../../story/change.js';
import {
  analysedSentence,
  describeCount,
  downloadSentence,
  formatBytes,
  headScoresOf,
  parseTryIt,
  summaryOf,
} from '../../story/text.js';

test('sizes are written in megabytes with one decimal', () => {
  assert.equal(formatBytes(31966540), '32.0 MB');
  assert.equal(
    downloadSentence({ bytes: 31966540 }, { bytes: 12_050_000 }),
    'The first analysis downloads Sprout (32.0 MB) and its runtime (12.1 MB), 44.0 MB in all; ' +
      'your browser keeps them for later visits.',
  );
});

test('a count of heads is singular for one', () => {
  assert.equal(describeCount([[5, 4]]), '1 head');
  assert.equal(describeCount([]), '0 heads');
  assert.equal(describeCount(Array.from({ length: 48 }, (_, i) => [1 + (i >> 3), 1 + (i % 8)])), '48 heads');
});

test('"try it" links name a story and a preset or a list of heads; shared stories do not match', () => {
  assert.deepEqual(parseTryIt('zorbin/induction'), ['zorbin', 'induction']);
  assert.deepEqual(parseTryIt('tom_ball/all'), ['tom_ball', 'all']);
  assert.deepEqual(parseTryIt('zorbin/off-5.4-5.6'), ['zorbin', 'off-5.4-5.6']);
  assert.deepEqual(parseTryIt('zorbin/off'), ['zorbin', 'off']);
  assert.equal(parseTryIt('zorbin/everything'), null);
  assert.equal(parseTryIt('Zorbin/induction'), null);
  assert.equal(parseTryIt('5/4/12/eJxLzs8rSc0rAQALwQMk'), null);
  assert.equal(parseTryIt('5/4/12/off-5.4/eJxLzs8rSc0rAQALwQMk'), null);
});

test('head-type scores take W5 shape, with each kind top three and no induction without repeats', () => {
  const previous = [
    [0.1, 0.9],
    [0.5, 0.2],
  ];
  const first = [
    [0.3, 0.3],
    [0.8, 0.1],
  ];
  const plain = headScoresOf({
    scores: { previous_token: previous, first_token: first, induction: null },
    counts: { previous_token: 10, first_token: 10, induction: 0 },
  });
  assert.deepEqual(plain.models.sprout.examples, { previous_token: previous, first_token: first });
  assert.deepEqual(plain.models.sprout.repeats, {});
  assert.deepEqual(plain.models.sprout.top.previous_token, [
    { layer: 1, head: 2, score: 0.9 },
    { layer: 2, head: 1, score: 0.5 },
    { layer: 2, head: 2, score: 0.2 },
  ]);
  assert.deepEqual(Object.keys(plain.models.sprout.top), ['previous_token', 'first_token']);
  assert.match(plain.about.previous_token, /over your story's 10 tokens after ◆$/);
  assert.equal(plain.about.induction, 'none: your story repeats no stretch of two or more tokens');

  const induction = [
    [0, 0.7],
    [0.2, 0],
  ];
  const repeated = headScoresOf({
    scores: { previous_token: previous, first_token: first, induction },
    counts: { previous_token: 10, first_token: 10, induction: 4 },
  });
  assert.deepEqual(repeated.models.sprout.repeats, { induction });
  assert.deepEqual(repeated.models.sprout.top.induction[0], { layer: 1, head: 2, score: 0.7 });
  assert.match(repeated.about.induction, /over the 4 tokens of your story that repeat/);
});

test('the summary names the heads off, or says that every head is off', () => {
  const intact = { tokens: ['◆', ' a', ' b', ' a', ' b'], ids: [0, 1, 2, 1, 2], losses: [0, 3, 3, 2, 0.1] };
  const switched = { off: [[5, 4]], losses: [0, 3, 3, 2, 2.5] };
  const sentence = changeSentence(intact.tokens, intact.ids, intact.losses, switched.losses);
  assert.equal(summaryOf(intact, switched, 48), `With 1 head off (layer 5, head 4): ${sentence}`);
  const all = Array.from({ length: 4 }, (_, i) => [1 + (i >> 1), 1 + (i % 2)]);
  assert.match(
    summaryOf(intact, { off: all, losses: switched.losses }, 4),
    /^All 4 heads are off: every attention layer adds only its heads' average outputs, so Sprout guesses/,
  );
});

test('the status after a run agrees in number with its count of tokens', () => {
  assert.equal(analysedSentence({ truncated: false, T: 2 }, 0.42), 'The 1 token after ◆ analysed in 0.4 s.');
  assert.equal(
    analysedSentence({ truncated: false, T: 13 }, 1.25),
    'All 12 tokens after ◆ analysed in 1.3 s.',
  );
  assert.equal(
    analysedSentence({ truncated: true, T: 512 }, 3, [[5, 4]]),
    'The first 511 tokens after ◆ analysed in 3.0 s with 1 head off.',
  );
  assert.equal(
    analysedSentence({ truncated: false, T: 3 }, 0.1, [
      [5, 4],
      [5, 6],
    ]),
    'All 2 tokens after ◆ analysed in 0.1 s with 2 heads off.',
  );
});

test("a kind's score over one token says '1 token', its verb agreeing", async () => {
  const { DETECTORS } = await import('../../common/detectors.js');
  const { kindText } = await import('../../story/text.js');
  const byName = Object.fromEntries(DETECTORS.map((d) => [d.name, d]));
  assert.match(kindText(byName.previous_token, 1), /over your story's 1 token after ◆$/);
  assert.match(kindText(byName.previous_token, 2), /over your story's 2 tokens after ◆$/);
  assert.match(
    kindText(byName.induction, 1),
    /over the 1 token of your story that repeats an earlier stretch$/,
  );
  assert.match(
    kindText(byName.induction, 3),
    /over the 3 tokens of your story that repeat an earlier stretch$/,
  );
});
