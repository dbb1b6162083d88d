// W5's evidence beside the pattern scores: the baseline band and "what breaks without it".
// node --test site_assets/tests/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import {
  BREAKS,
  MEASURE_NAMES,
  baselineText,
  breaksText,
  highlightMatrix,
  scoreMatrix,
  topHeads,
} from '../../heads/scores.js';

const scores = JSON.parse(
  readFileSync(new URL('../../../docs/artifacts/head_scores.json', import.meta.url), 'utf8'),
);

test('the breaks highlight reads the ablation summary; the kinds read their scores', () => {
  assert.equal(highlightMatrix(scores, 'breaks'), scores.ablation.breaks);
  assert.equal(highlightMatrix(scores, 'induction'), scoreMatrix(scores, 'induction'));
  assert.equal(highlightMatrix({}, 'breaks'), null);
  const top = topHeads(highlightMatrix(scores, 'breaks'), 1)[0];
  const best = Math.max(...scores.ablation.breaks.flat());
  assert.equal(top.score, best);
});

test('the band sentence states the untrained seeds, the shuffled score and the heads called', () => {
  const b = scores.baselines.induction;
  const text = baselineText(scores, 'induction');
  assert.ok(
    text.includes(
      `${b.untrained.mean.toFixed(3)} ± ${b.untrained.std.toFixed(3)} (${b.untrained.seeds.length} seeds)`,
    ),
    text,
  );
  assert.ok(text.includes(`scores ${b.shuffled.best.toFixed(2)}.`), text);
  assert.ok(
    text.includes(
      `${b.called.flat().filter(Boolean).length} of ${b.called.flat().length} heads stand clearly above both`,
    ),
    text,
  );
  assert.ok(baselineText(scores, 'previous_token').endsWith('above the untrained band.'));
  assert.equal(baselineText(scores, 'breaks'), '');
});

test("a head's breaks line names its score and the ability it costs most", () => {
  const { breaks, breaks_most: most } = scores.ablation;
  const line = breaksText(scores, 1, 1);
  assert.ok(line.startsWith(`${BREAKS.label} ${breaks[0][0].toFixed(2)} (`), line);
  assert.ok(line.endsWith(`(${MEASURE_NAMES[most[0][0]]})`), line);
  assert.equal(breaksText({}, 1, 1), null);
});
