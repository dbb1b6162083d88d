// W5's parts under Node: the enlarged map's cursor, readout, labels and CSV, and the words the
// grid and the detail line give the scores. node --test site_assets/tests/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { prepareExample } from '../../common/examples.js';
import { axisLabel, cellUnder, cursorOffset, mapCsv, mapStep, readoutText } from '../../heads/map-core.js';
import {
  KINDS,
  headLabel,
  headScoreTexts,
  highlightChoice,
  topHeadText,
  topsIntro,
} from '../../heads/scores.js';

const readJson = (relative) => JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8'));
const scores = readJson('../../../docs/artifacts/head_scores.json');
const example = prepareExample(readJson('../../../docs/artifacts/examples/tom_he.json'));

test('the map cursor moves over the past only and stops at the edges', () => {
  const T = 10;
  assert.deepEqual(mapStep(5, 5, 'ArrowUp', T), [4, 4], 'up from the diagonal: the key follows the query');
  assert.deepEqual(mapStep(5, 2, 'ArrowUp', T), [4, 2]);
  assert.deepEqual(mapStep(0, 0, 'ArrowUp', T), [0, 0]);
  assert.deepEqual(mapStep(9, 3, 'ArrowDown', T), [9, 3]);
  assert.deepEqual(mapStep(4, 3, 'ArrowDown', T), [5, 3]);
  assert.deepEqual(mapStep(4, 4, 'ArrowRight', T), [4, 4], 'never into the future');
  assert.deepEqual(mapStep(4, 0, 'ArrowLeft', T), [4, 0]);
  assert.deepEqual(mapStep(4, 2, 'Home', T), [4, 0]);
  assert.deepEqual(mapStep(4, 2, 'End', T), [4, 4]);
  assert.equal(mapStep(4, 2, 'Escape', T), null);
  assert.equal(mapStep(4, 2, 'a', T), null);
});

test('a pointer reads the cell under it, nothing outside the map', () => {
  assert.deepEqual(cellUnder(0, 0, 10, 5), [0, 0]);
  assert.deepEqual(cellUnder(49.9, 12, 10, 5), [1, 4]);
  assert.deepEqual(cellUnder(7, 7, 3.5, 5), [2, 2]);
  assert.equal(cellUnder(50, 0, 10, 5), null);
  assert.equal(cellUnder(-1, 0, 10, 5), null);
  assert.equal(cellUnder(0, 50, 10, 5), null);
});

test('the cursor box reaches a pixel beyond its cell but never past the map', () => {
  assert.equal(cursorOffset(0, 10, 5), 0);
  assert.equal(cursorOffset(2, 10, 5), 19);
  assert.equal(cursorOffset(4, 10, 5), 38, 'last cell: the box of 12 px ends at the map edge (50)');
});

test('axis labels are display tokens cut to nine characters', () => {
  assert.equal(axisLabel(' Tom'), 'Tom');
  assert.equal(axisLabel(' wonderfully'), 'wonderfu…');
  assert.equal(axisLabel(' wonderful'), 'wonderful');
  assert.equal(axisLabel('\n'), '↵');
});

test('the readout names both tokens and the weight, or the masked future', () => {
  const tokens = example.tokens;
  const w = example.maps.weight(6, 1, 5, 2);
  assert.equal(
    readoutText(tokens, 5, 2, w),
    `query ‘${axisLabel(tokens[5])}’ (token 5) → key ‘${axisLabel(tokens[2])}’ (token 2): ${(w * 100).toFixed(1)}%`,
  );
  assert.match(readoutText(tokens, 2, 5, null), /\(token 5\): in the future, masked$/);
  assert.match(readoutText(tokens, 3, 3, 0.25), /\(token 3\): 25\.0%$/, 'a query sees itself');
});

test("the map's CSV holds every visible pair of the story once, with its weight", () => {
  const { maps, tokens } = example;
  const lines = mapCsv(maps, tokens, 7, 2).trimEnd().split('\n');
  assert.equal(lines[0], 'query,query_token,key,key_token,weight');
  assert.equal(lines.length - 1, (maps.T * (maps.T + 1)) / 2);
  const last = lines.at(-1).split(',');
  assert.equal(Number(last[0]), maps.T - 1);
  assert.equal(Number(last.at(-1)), Number(maps.weight(6, 1, maps.T - 1, maps.T - 1).toFixed(4)));
  // each query's weights add up to one (rounded to 4 places in the file)
  const sums = new Map();
  for (const line of lines.slice(1)) {
    const fields = line.split(',');
    const t = fields[0];
    sums.set(t, (sums.get(t) || 0) + Number(fields.at(-1)));
  }
  for (const [t, sum] of sums) assert.ok(Math.abs(sum - 1) < 1e-3 * (Number(t) + 1), `query ${t}: ${sum}`);
});

test('a highlight attribute names a kind, the ablation or nothing', () => {
  for (const kind of Object.keys(KINDS)) assert.equal(highlightChoice(kind), kind);
  assert.equal(highlightChoice('breaks'), 'breaks');
  assert.equal(highlightChoice('toString'), '');
  assert.equal(highlightChoice(null), '');
});

test("a head's scores are worded for the detail line and the grid cell's name", () => {
  const texts = headScoreTexts(scores, 5, 4);
  const induction = scores.models.sprout.repeats.induction[4][3];
  assert.equal(texts.length, 4);
  assert.equal(texts[2], `induction ${induction.toFixed(2)}`);
  assert.match(texts[3], /^what breaks without it \d\.\d\d/);
  assert.equal(headLabel(scores, 5, 4), `Layer 5, head 4; scores: ${texts.join(', ')}`);
  assert.deepEqual(headScoreTexts(null, 5, 4), []);
  assert.equal(headLabel(null, 5, 4), 'Layer 5, head 4');
});

test('the list of top heads says what it ranks and flags heads its baselines do not call', () => {
  assert.equal(topsIntro(scores, 'breaks').split(' (')[0], 'Heads whose removal breaks the most');
  assert.equal(topsIntro({}, 'induction'), `Top induction heads (${KINDS.induction.about}): `);
  assert.equal(topsIntro({ about: { induction: 'mine' } }, 'induction'), 'Top induction heads (mine): ');
  const file = { baselines: { induction: { called: [[true, false]] } } };
  assert.equal(topHeadText(file, 'induction', { layer: 1, head: 1, score: 0.456 }), 'layer 1, head 1: 0.46');
  assert.equal(
    topHeadText(file, 'induction', { layer: 1, head: 2, score: 0.1 }),
    'layer 1, head 2: 0.10 (not clearly above its baselines)',
  );
});
