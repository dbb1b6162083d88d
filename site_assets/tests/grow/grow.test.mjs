// Unit tests for <sprout-grow>'s pure parts and its TensorFlow.js forward pass:
// node --test site_assets/tests/grow.test.mjs
// The forward runs on tfjs-core's CPU backend here (the page uses the WebAssembly backend), with
// weights set by hand, against a forward written with plain loops (grow-reference.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-cpu';

import {
  checkLayers,
  checkSeed,
  checkSettings,
  formatGrowHash,
  parseGrowHash,
  phaseChangeStep,
  readRace,
  SEED_MAX,
  specProblems,
} from '../../grow/core.js';
import {
  drawBatch,
  heldoutBatch,
  isCopyPosition,
  makeRng,
  oneHotRows,
  targetRows,
  trainingBatch,
} from '../../grow/data.js';
import { batchTensors, causalMask, forward, meanLoss, toTensors } from '../../grow/model.js';
import { bestHead, headMap, inductionScores, previousTokenScores } from '../../grow/scores.js';
import { initialWeights, parameterCount, parameterList } from '../../grow/weights.js';
import { chartSummary, introText, outcomeSentence, pythonContext, statusLine } from '../../grow/text.js';
import { chartGeometry, niceTicks } from '../../grow/chart.js';
import { inductionCells, keyHeadsOf } from '../../grow/heads.js';
import { RaceSession } from '../../grow/session.js';
import { referenceForward } from './grow-reference.mjs';

const read = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const SPEC = read('../../../sprout/training/toy_race.json');
const RACE_FILE = read('../fixtures/layer_race.json');
const PY_SCORES = read('../fixtures/grow_scores.json');
const close = (a, b, tolerance, what) =>
  assert.ok(Math.abs(a - b) <= tolerance, `${what}: ${a} and ${b} differ by more than ${tolerance}`);

// ---- the generator and the data ----------------------------------------------------------------

test('a stream depends on its keys only, and its numbers look uniform and normal', () => {
  const draw = (...keys) => Array.from({ length: 5 }, makeRng(...keys).uint32);
  assert.deepEqual(draw(2, 0, 7), draw(2, 0, 7));
  assert.notDeepEqual(draw(2, 0, 7), draw(2, 0, 8));
  assert.notDeepEqual(draw(2, 0, 7), draw(2, 1, 7));
  assert.notDeepEqual(draw(3, 4_000_000_000), draw(3, 4_000_000_001)); // keys past 2**31 still count
  const rng = makeRng(9);
  const n = 40_000;
  const uniforms = Array.from({ length: n }, rng.uniform);
  assert.ok(uniforms.every((u) => u >= 0 && u < 1));
  close(uniforms.reduce((a, b) => a + b) / n, 0.5, 0.01, 'uniform mean');
  const normals = Array.from({ length: n }, rng.normal);
  const mean = normals.reduce((a, b) => a + b) / n;
  const std = Math.sqrt(normals.reduce((a, x) => a + (x - mean) ** 2, 0) / n);
  close(mean, 0, 0.02, 'normal mean');
  close(std, 1, 0.02, 'normal std');
  const ints = Array.from({ length: n }, () => rng.int(16));
  assert.equal(new Set(ints).size, 16);
  assert.throws(() => makeRng(-1), /not a whole number/);
});

test('every row repeats a run of run_min..run_max tokens at a random later place', () => {
  const batch = drawBatch(SPEC, 2000, makeRng(1, 2, 3));
  const S = SPEC.seq_len;
  const places = new Set();
  const gaps = new Set();
  const lengths = new Set();
  for (let r = 0; r < batch.rows; r++) {
    const [a, b, n] = [batch.first[r], batch.second[r], batch.length[r]];
    assert.ok(n >= SPEC.run_min && n <= SPEC.run_max, `length ${n}`);
    assert.ok(a >= 0 && b >= a + n && b + n <= S, `places ${a}, ${b} of a run of ${n}`);
    const row = batch.tokens.slice(r * S, (r + 1) * S);
    assert.deepEqual(Array.from(row.slice(b, b + n)), Array.from(row.slice(a, a + n)), `row ${r} repeats`);
    assert.ok(row.every((t) => t >= 0 && t < SPEC.vocab));
    places.add(b);
    gaps.add(b - a);
    lengths.add(n);
  }
  // every length, and many places and distances: no position tells a model where the copy is
  assert.equal(lengths.size, SPEC.run_max - SPEC.run_min + 1);
  assert.ok(places.size >= 10 && gaps.size >= 10, `${places.size} places, ${gaps.size} gaps`);
  const counts = new Array(SPEC.vocab).fill(0);
  batch.tokens.forEach((t) => counts[t]++);
  const expected = batch.tokens.length / SPEC.vocab;
  assert.ok(
    counts.every((c) => Math.abs(c - expected) < expected * 0.1),
    'tokens are drawn evenly',
  );
});

test('batches depend on the seed and the step, the held-out batch on eval_seed', () => {
  assert.deepEqual(trainingBatch(SPEC, 3, 10).tokens, trainingBatch(SPEC, 3, 10).tokens);
  assert.notDeepEqual(trainingBatch(SPEC, 3, 10).tokens, trainingBatch(SPEC, 3, 11).tokens);
  assert.notDeepEqual(trainingBatch(SPEC, 3, 10).tokens, trainingBatch(SPEC, 4, 10).tokens);
  assert.equal(trainingBatch(SPEC, 0, 0).rows, SPEC.batch);
  const heldout = heldoutBatch(SPEC);
  assert.equal(heldout.rows, SPEC.eval_batch);
  assert.deepEqual(heldout.tokens, heldoutBatch({ ...SPEC }).tokens);
});

test('targets: every next token, or only the copied ones (b+1..b+L-1)', () => {
  const batch = drawBatch(SPEC, 50, makeRng(5));
  const V = SPEC.vocab;
  const S = SPEC.seq_len;
  const all = targetRows(batch, V);
  assert.equal(all.count, 50 * (S - 1));
  const copied = targetRows(batch, V, { copyOnly: true });
  assert.equal(
    copied.count,
    Array.from(batch.length).reduce((a, n) => a + n - 1, 0),
  );
  for (let r = 0; r < batch.rows; r++) {
    for (let t = 0; t < S; t++) {
      const row = copied.values.slice((r * S + t) * V, (r * S + t + 1) * V);
      const set = row.findIndex((x) => x === 1);
      if (t < S - 1 && isCopyPosition(batch, r, t)) {
        assert.equal(set, batch.tokens[r * S + t + 1]);
        // a copied token is the token after its earlier copy
        const j = t - batch.second[r];
        assert.equal(batch.tokens[r * S + t + 1], batch.tokens[r * S + batch.first[r] + j + 1]);
      } else assert.equal(set, -1);
    }
  }
  const hot = oneHotRows(batch, V);
  assert.equal(
    hot.reduce((a, b) => a + b),
    batch.tokens.length,
  );
});

// ---- the spec, the settings, the permalink, the phase change -----------------------------------

test('the published race file gives the spec, ln vocab, its half and what Python found', () => {
  const race = readRace(RACE_FILE);
  assert.deepEqual(race.spec, RACE_FILE.spec);
  close(race.plateau, Math.log(RACE_FILE.spec.vocab), 1e-12, 'plateau');
  close(race.threshold, race.plateau / 2, 1e-12, 'threshold');
  close(race.threshold, RACE_FILE.threshold, 1e-4, 'the file threshold');
  for (const depth of RACE_FILE.spec.layers) {
    const runs = RACE_FILE.runs.filter((r) => r.layers === depth);
    const steps = runs.map((r) => r.phase_change_step).filter((s) => s !== null);
    assert.equal(race.python[depth].seeds, runs.length);
    assert.equal(race.python[depth].dropped, steps.length);
    assert.equal(race.python[depth].first, steps.length ? Math.min(...steps) : null);
    assert.equal(race.python[depth].last, steps.length ? Math.max(...steps) : null);
  }
  assert.deepEqual(specProblems(SPEC), []);
  assert.throws(() => readRace({}), /cannot be raced: the file holds no spec/);
  assert.throws(() => readRace({ spec: { ...SPEC, heads: 5 } }), /width 24 is not a multiple of heads 5/);
  assert.throws(() => readRace({ spec: { ...SPEC, lr: 'fast' } }), /lr is not a number/);
  assert.throws(() => readRace({ spec: { ...SPEC, run_max: 13 } }), /do not fit twice/);
});

test('a seed out of range, or a set of depths the race does not have, gets one message', () => {
  assert.deepEqual(checkSeed('0'), { seed: 0 });
  assert.deepEqual(checkSeed(' 42 '), { seed: 42 });
  assert.deepEqual(checkSeed(String(SEED_MAX)), { seed: SEED_MAX });
  assert.equal(SEED_MAX, 4293); // Python's seeds: seed * 1,000,000 + step stays below 2**32
  for (const bad of [String(SEED_MAX + 1), '-1', '1.5', 'abc', '', '1e3', '12345678901234567890123456789']) {
    assert.match(checkSeed(bad).message, /^The seed must be a whole number from 0 to 4293/, bad);
  }
  assert.match(checkSeed('abc').message, /not “abc”/);
  assert.deepEqual(checkLayers([2, 1], SPEC), { layers: [1, 2] });
  assert.deepEqual(checkLayers([1, 2, 3], SPEC), { layers: [1, 2, 3] });
  assert.match(checkLayers([1, 4], SPEC).message, /between 1 and 2 layers, or 1, 2 and 3, not 1, 4/);
  assert.match(checkLayers([1, 2, 3], { ...SPEC, layers: [1, 2] }).message, /between 1 and 2 layers, not/);
  assert.match(checkLayers([1, 1, 2], SPEC).message, /not 1, 1, 2/);
  assert.deepEqual(checkSettings('7', [1, 2, 3], SPEC), { seed: 7, layers: [1, 2, 3] });
  assert.match(checkSettings('x', [9], SPEC).message, /seed/); // the first problem only
});

test('the permalink carries the seed and the depths, both ways', () => {
  assert.equal(formatGrowHash({ seed: 3, layers: [1, 2, 3] }), '3/1-2-3');
  assert.deepEqual(parseGrowHash('3/1-2-3'), { seedText: '3', layers: [1, 2, 3] });
  assert.deepEqual(parseGrowHash('99999/1-2'), { seedText: '99999', layers: [1, 2] }); // parsed; checked later
  for (const bad of ['', '3', '3/', '3/1,2', '3/a-b', 'tom_he/7/2/57', null])
    assert.equal(parseGrowHash(bad), null, bad);
  for (const settings of [
    { seed: 0, layers: [1, 2] },
    { seed: 4293, layers: [1, 2, 3] },
  ]) {
    const back = parseGrowHash(formatGrowHash(settings));
    assert.deepEqual(checkSettings(back.seedText, back.layers, SPEC), settings);
  }
});

test('the phase change is the first evaluation below the threshold, as in Python', () => {
  const threshold = Math.log(16) / 2;
  assert.equal(
    phaseChangeStep(
      [
        [0, 2.8],
        [50, 2.7],
        [100, 1.4],
        [150, 1.2],
        [200, 1.0],
      ],
      threshold,
    ),
    150,
  );
  assert.equal(
    phaseChangeStep(
      [
        [0, 2.8],
        [50, 1.3],
        [100, 1.5],
        [150, 1.2],
      ],
      threshold,
    ),
    50,
  ); // the first, even if it rises again
  assert.equal(
    phaseChangeStep(
      [
        [0, 2.8],
        [50, threshold],
      ],
      threshold,
    ),
    null,
  ); // strictly below
  assert.equal(phaseChangeStep([], threshold), null);
  // the Python race's own curves give the steps it recorded
  const race = RACE_FILE;
  for (const run of race.runs) {
    const curve = race.eval_steps.map((step, i) => [step, run.copy_loss[i]]);
    assert.equal(
      phaseChangeStep(curve, race.threshold),
      run.phase_change_step,
      `${run.layers} layers, seed ${run.seed}`,
    );
  }
});

// ---- the model ----------------------------------------------------------------------------------

const TINY = {
  ...SPEC,
  vocab: 5,
  width: 4,
  heads: 2,
  seq_len: 6,
  run_min: 2,
  run_max: 3,
  embed_std: 1,
  init_std: 0.5,
};

test('parameters: the shapes of toy_model.py, tables at embed_std, gains at 1, one stream per seed', () => {
  const names = parameterList(SPEC, 2).map((p) => p.name);
  assert.deepEqual(names, [
    'embed', 'position',
    'layers.0.query', 'layers.0.key', 'layers.0.value', 'layers.0.out', 'layers.0.gain',
    'layers.1.query', 'layers.1.key', 'layers.1.value', 'layers.1.out', 'layers.1.gain',
    'gain', 'unembed',
  ]); // prettier-ignore
  assert.equal(parameterCount(SPEC, 1), 16 * 24 + 24 * 24 + 4 * 24 * 24 + 24 + 24 + 24 * 16);
  const two = initialWeights(SPEC, 2, 0);
  const std = (values) => Math.sqrt(values.reduce((a, x) => a + x * x, 0) / values.length);
  close(std(two.embed.values), SPEC.embed_std, 0.1, 'embed std');
  close(std(two['layers.0.query'].values), SPEC.init_std, 0.01, 'query std');
  assert.ok(two.gain.values.every((g) => g === 1));
  const one = initialWeights(SPEC, 1, 0);
  assert.deepEqual(one['layers.0.key'].values, two['layers.0.key'].values); // same stream, same order
  assert.notDeepEqual(initialWeights(SPEC, 1, 1).embed.values, one.embed.values);
});

test('the TensorFlow.js forward matches a plain-loop forward on a tiny hand-set toy', async () => {
  await tf.setBackend('cpu');
  for (const layers of [1, 2]) {
    const weights = initialWeights(TINY, layers, 11);
    // hand-set parts: a gain that is not 1, a previous-token pattern in the first key matrix
    weights['layers.0.gain'].values.set([1.5, 0.5, 1, 2]);
    weights['layers.0.key'].values[0] = 3;
    const batch = drawBatch(TINY, 3, makeRng(4));
    const params = toTensors(tf, weights, false);
    const mask = tf.tensor(causalMask(TINY.seq_len), [TINY.seq_len, TINY.seq_len]);
    const tensors = batchTensors(tf, batch, TINY);
    const { logits, weights: attention } = forward(
      tf,
      TINY,
      params,
      layers,
      tensors.input,
      batch.rows,
      mask,
      true,
    );
    const got = logits.arraySync();
    const gotAttention = attention.map((w) => w.arraySync());
    const loss = meanLoss(tf, logits, tensors.targets, tensors.count).dataSync()[0];
    let total = 0;
    for (let r = 0; r < batch.rows; r++) {
      const row = Array.from(batch.tokens.slice(r * TINY.seq_len, (r + 1) * TINY.seq_len));
      const want = referenceForward(TINY, weights, layers, row);
      want.logits.forEach((z, t) =>
        z.forEach((value, v) => close(got[r * TINY.seq_len + t][v], value, 1e-4, `logit ${r},${t},${v}`)),
      );
      want.weights.forEach((heads, l) =>
        heads.forEach((rows, h) =>
          rows.forEach((ws, q) =>
            ws.forEach((w, k) => close(gotAttention[l][r][h][q][k], w, 1e-5, `weight ${l},${h},${q},${k}`)),
          ),
        ),
      );
      total += want.losses.reduce((a, b) => a + b, 0);
    }
    close(loss, total / (batch.rows * (TINY.seq_len - 1)), 1e-4, 'mean loss');
    tf.dispose([logits, ...attention, mask, ...Object.values(params)]);
    tensors.dispose();
  }
});

// ---- scores, words, geometry --------------------------------------------------------------------

test("previous-token and induction scores equal toy_scores.py's on the same weights", () => {
  const { batch, heads, weights, previous, induction } = PY_SCORES;
  const w = weights.map((values) => Float32Array.from(values));
  const b = { ...batch, tokens: Int32Array.from(batch.tokens) };
  const prev = previousTokenScores(w, batch.rows, heads, batch.seqLen);
  const ind = inductionScores(w, b, heads);
  prev.forEach((row, l) => row.forEach((s, h) => close(s, previous[l][h], 2e-6, `previous ${l},${h}`)));
  ind.forEach((row, l) => row.forEach((s, h) => close(s, induction[l][h], 2e-6, `induction ${l},${h}`)));
  assert.deepEqual(
    bestHead([
      [0.1, 0.9],
      [0.95, 0.2],
    ]),
    [1, 0],
  );
  assert.deepEqual(
    bestHead(
      [
        [0.1, 0.9],
        [0.95, 0.2],
      ],
      [0],
    ),
    [0, 1],
  );
  const map = headMap(w, 1, 2, 1, heads, batch.seqLen);
  assert.equal(map.length, batch.seqLen);
  map.forEach((row) =>
    close(
      row.reduce((a, x) => a + x, 0),
      1,
      1e-4,
      'a row of weights',
    ),
  );
});

test('a perfect circuit scores 1: previous-token in layer 1, induction in layer 2', () => {
  const batch = drawBatch(SPEC, 4, makeRng(8));
  const S = SPEC.seq_len;
  const H = SPEC.heads;
  const layer = (target) => {
    const w = new Float32Array(batch.rows * H * S * S);
    for (let r = 0; r < batch.rows; r++)
      for (let q = 0; q < S; q++) w[((r * H + 0) * S + q) * S + target(r, q)] = 1;
    return w;
  };
  const previous = layer((r, q) => Math.max(0, q - 1));
  const induction = layer((r, q) => {
    const j = q - batch.second[r];
    return j >= 0 && j < batch.length[r] - 1 ? batch.first[r] + j + 1 : q;
  });
  const prev = previousTokenScores([previous, induction], batch.rows, H, S);
  const ind = inductionScores([previous, induction], batch, H);
  close(prev[0][0], 1, 1e-9, 'previous-token head');
  close(ind[1][0], 1, 1e-9, 'induction head');
  assert.equal(prev[0][1], 0);
  assert.deepEqual(keyHeadsOf(2, prev, ind), { induction: [1, 0], previous: [0, 0] });
  assert.deepEqual(keyHeadsOf(1, prev.slice(0, 1), ind.slice(0, 1)), {});
  const cells = inductionCells(batch);
  assert.equal(cells.length, batch.length[0] - 1);
  assert.deepEqual(cells[0], [batch.second[0], batch.first[0] + 1]);
});

test('the sentence says who found the trick, and when', () => {
  const one = (phase, loss = 2.3) => ({ layers: 1, phase, loss });
  const two = (phase, loss = 0.8) => ({ layers: 2, phase, loss });
  assert.equal(
    outcomeSentence([one(null), two(null)]),
    'Both models are still guessing: no loss on the repeated tokens is below the line yet.',
  );
  assert.equal(
    outcomeSentence([one(null), two(1420)]),
    'The two-layer model found the trick at step 1,420; the one-layer model is still guessing.',
  );
  assert.equal(
    outcomeSentence([one(null, 2.2435), two(650)], { finished: true, total: 2000 }),
    'The two-layer model found the trick at step 650; after 2,000 steps the one-layer model never did ' +
      '(its loss on the repeated tokens ended at 2.24 nats).',
  );
  assert.equal(
    outcomeSentence([one(null), two(650), { layers: 3, phase: 600, loss: 0.7 }]),
    'The three-layer model found the trick at step 600, the two-layer model at step 650; the one-layer model is still guessing.',
  );
  assert.match(
    outcomeSentence([one(null), two(null)], { finished: true, total: 2000 }),
    /^After 2,000 steps no model found the trick/,
  );
  assert.equal(
    statusLine(350, 2000, [
      [1, 14.23],
      [2, 9.1],
      [3, 0],
    ]),
    'Step 350 of 2,000 · 1 layer 14.2 steps/s · 2 layers 9.1 steps/s',
  );
  const python = readRace(RACE_FILE).python;
  assert.equal(
    pythonContext(python),
    "In the chapter's Python race on this spec: 1 layer never crossed the line in 5 seeds; " +
      '2 layers crossed it in 5 of 5 seeds, at steps 550–750; 3 layers crossed it in 5 of 5 seeds, at steps 550–700.',
  );
  const summary = chartSummary(
    [
      {
        layers: 2,
        points: [
          [0, 2.8],
          [650, 1.2],
        ],
        phase: 650,
      },
    ],
    readRace(RACE_FILE),
  );
  assert.match(summary, /ln 16 = 2\.77 nats/);
  assert.match(
    summary,
    /2 layers: 2\.80 nats at step 0, 1\.20 nats at step 650, below the line from step 650\./,
  );
});

test('the chart: round ticks, a y axis above the plateau, steps across the width', () => {
  assert.deepEqual(niceTicks(2000, 4), [0, 500, 1000, 1500, 2000]);
  assert.deepEqual(niceTicks(3.5, 4), [0, 1, 2, 3]);
  assert.deepEqual(niceTicks(0), [0]);
  const g = chartGeometry(600, 2000, Math.log(16));
  assert.equal(g.yTop, 3.5);
  assert.equal(g.x(0), g.left);
  assert.equal(g.x(2000), g.right);
  assert.equal(g.y(0), g.bottom);
  assert.ok(g.y(Math.log(16)) > g.top);
  assert.equal(chartGeometry(100, 2000, 2.77).width, 260); // never narrower than that
  assert.equal(chartGeometry(600, 2000, 2.77, 9).yTop, 9); // a loss above the plateau still fits
});

test("a race's bookkeeping: the slowest toy, the phase change once, the heads after two layers drop", () => {
  const threshold = Math.log(16) / 2;
  const session = new RaceSession([1, 2], threshold);
  assert.equal(session.slowestStep(), 0);
  session.progress(1, 120, 14);
  session.progress(2, 80, 9);
  assert.equal(session.slowestStep(), 80);
  assert.equal(session.speeds(), '1:14.00 2:9.00');
  assert.deepEqual(session.evaluation(2, 0, 2.8), { found: false, showHeads: false });
  assert.deepEqual(session.evaluation(1, 50, 1.2), { found: true, showHeads: false }); // one layer: no heads panel
  assert.deepEqual(session.evaluation(2, 50, 1.3), { found: true, showHeads: true });
  assert.deepEqual(session.evaluation(2, 100, 1.0), { found: false, showHeads: true }); // found once
  assert.equal(session.model(2).phase, 50);
  assert.equal(session.model(2).loss, 1.0);
  assert.equal(session.slowestStep(), 100);
  session.model(1).holding = true;
  assert.equal(session.allHolding(), false);
  session.model(2).done = true;
  assert.equal(session.allHolding(), true);
  session.resumed();
  assert.equal(session.model(1).holding, false);
  assert.equal(session.allDone(), false);
});

test('the introduction takes its numbers from the spec', () => {
  const text = introText({ ...SPEC, steps: 3000, seq_len: 30 });
  assert.match(text, /rows of 30 random tokens in which a run of 4 to 10 tokens repeats/);
  assert.match(text, /trains 3,000 steps \(32 rows each\)/);
  assert.match(text, /a phone may take several times longer/);
});
