// Unit tests for <sprout-written>'s words and looks (written/sprout-written.js), the notebook's
// view of a continuation (sprout/notebook/writing.py writes its data).
// node --test site_assets/tests/
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { storedLooks, writtenSummary } from '../../written/sprout-written.js';

const token = {
  looks: {
    '': [
      [3, 0.5],
      [0, 0.25],
    ],
    5.4: [[2, 0.9]],
  },
};

test("a token's stored looks, for every head on average or for one head", () => {
  assert.deepEqual(storedLooks(token, null), [
    { position: 3, weight: 0.5 },
    { position: 0, weight: 0.25 },
  ]);
  assert.deepEqual(storedLooks(token, { layer: 5, head: 4 }), [{ position: 2, weight: 0.9 }]);
  assert.deepEqual(storedLooks(token, { layer: 1, head: 1 }), []);
});

test('the summary says the model, the heads off and the settings', () => {
  const data = {
    model: 'Sprout',
    written: [{}, {}, {}],
    heads_off: [
      [5, 4],
      [5, 6],
    ],
    settings: { temperature: 0.8, top_k: 40, seed: 3 },
  };
  const line = writtenSummary(data);
  assert.match(
    line,
    /^Sprout wrote 3 tokens with layer 5, heads 4 and 6 off \(temperature 0.8, top-k 40, seed 3\)/,
  );
  assert.match(writtenSummary({ ...data, heads_off: [] }), /with every head on/);
});
