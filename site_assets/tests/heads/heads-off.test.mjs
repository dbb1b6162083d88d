// Unit tests for the head switches' pure parts (heads/off.js): the chapter's presets read
// from the committed artifacts, the control draw, the model's switch input and the link segment.
// node --test site_assets/tests/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import {
  chapterPresets,
  describeHeads,
  drawControl,
  formatOffSegment,
  headsOnArray,
  parseOffSegment,
  sameHeads,
  sortHeads,
} from '../../heads/off.js';

const readJson = (relative) => JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8'));
const ARTIFACTS = '../../../docs/artifacts/';
const stats = readJson(`${ARTIFACTS}stats.json`);
const ablations = readJson(`${ARTIFACTS}ablations.json`);
const presets = chapterPresets({ stats, ablations });

test('the presets are the heads the chapter removes, as its artifacts name them', () => {
  const together = ablations.together.sets.at(-1).heads;
  assert.equal(presets.induction.length, stats['ablation.induction_heads.count']);
  assert.ok(sameHeads(presets.induction, together));
  assert.deepEqual(presets.tom, [[stats['ablation.tom_head.layer'], stats['ablation.tom_head.head']]]);
  assert.deepEqual(presets.previous, [
    [stats['ablation.previous_token_head.layer'], stats['ablation.previous_token_head.head']],
  ]);
});

test("the control preset is one of the chapter's own control draws, matched by layer", () => {
  const { sets, count } = presets.control;
  assert.equal(count, presets.induction.length);
  assert.equal(sets.length, ablations.together.controls.length);
  const layers = new Set(presets.induction.map(([l]) => l));
  for (const set of sets) {
    assert.equal(set.length, count);
    for (const [l, h] of set) {
      assert.ok(!presets.induction.some(([il, ih]) => il === l && ih === h), 'no induction head in a draw');
      assert.ok(
        [...layers].some((layer) => Math.abs(layer - l) <= 1),
        `${l}.${h} is in or next to their layers`,
      );
    }
  }
  let x = 7;
  const random = () => {
    x = (x * 48271) % 2147483647;
    return x / 2147483647;
  };
  const draws = new Set();
  for (let i = 0; i < 20; i++) {
    const drawn = drawControl(presets.control, random);
    assert.ok(
      sets.some((set) => sameHeads(set, drawn)),
      'a draw the chapter measured',
    );
    draws.add(formatOffSegment(drawn));
  }
  assert.ok(draws.size > 5, 'the draws differ');
});

test('without the artifacts a preset is missing rather than made up', () => {
  const none = chapterPresets({});
  assert.deepEqual(none, { induction: null, tom: null, previous: null, control: null });
});

test('the switch input: 1 for a head that is on, 0 for a head that is off, layer by layer', () => {
  const on = headsOnArray(
    [
      [5, 4],
      [1, 1],
      [8, 6],
    ],
    8,
    6,
  );
  assert.equal(on.length, 48);
  assert.equal(on[4 * 6 + 3], 0);
  assert.equal(on[0], 0);
  assert.equal(on[47], 0);
  assert.equal(
    on.reduce((a, b) => a + b, 0),
    45,
  );
});

test('the link segment round-trips, and bad segments say what was ignored', () => {
  const off = [
    [5, 6],
    [5, 4],
    [7, 2],
  ];
  assert.equal(formatOffSegment(off), 'off-5.4-5.6-7.2');
  assert.equal(formatOffSegment([]), '');
  assert.deepEqual(parseOffSegment('off-5.4-5.6-7.2', 8, 6), { off: sortHeads(off), problem: null });
  assert.deepEqual(parseOffSegment('', 8, 6), { off: [], problem: null });
  const missing = parseOffSegment('off-5.4-9.1-3.7', 8, 6);
  assert.deepEqual(missing.off, [[5, 4]]);
  assert.match(missing.problem, /no layer 9, head 1 or layer 3, head 7/);
  const garbled = parseOffSegment('off-5.x-6', 8, 6);
  assert.deepEqual(garbled.off, []);
  assert.match(garbled.problem, /damaged/);
  assert.match(parseOffSegment('hello', 8, 6).problem, /damaged/);
});

test('heads are described by layer', () => {
  assert.equal(
    describeHeads([
      [7, 2],
      [5, 4],
      [5, 2],
    ]),
    'layer 5, heads 2 and 4; layer 7, head 2',
  );
  assert.equal(
    describeHeads([
      [5, 2],
      [5, 3],
      [5, 4],
    ]),
    'layer 5, heads 2, 3 and 4',
  );
});
