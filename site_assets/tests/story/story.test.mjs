// Unit tests for "Try your own story" (story/core.js): the tokenizer against Python's
// ids, the packing and head scores against build_artifacts and sprout.analysis.detectors, the share links.
// node --test site_assets/tests/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';

import { Tokenizer } from '@huggingface/tokenizers';

import { base64ToBytes } from '../../common/attention-data.js';
import { DETECTORS } from '../../common/detectors.js';
import {
  DETECTOR_TWINS,
  SHARE_LIMIT,
  decodeBackslashReplace,
  decodeShare,
  encodeShare,
  headTypeScores,
  inductionPairs,
  makeTokenizer,
  packAttention,
  topNext,
} from '../../story/core.js';
import { formatBytes } from '../../story/text.js';

const readJson = (relative) => JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8'));
const fixture = readJson('../fixtures/story.json');
const BROWSER = '../../../docs/artifacts/browser/';
const info = readJson(`${BROWSER}model.json`);
const tokenizer = makeTokenizer(Tokenizer, readJson(`${BROWSER}${info.tokenizer}`), info.start_id);

test("the page tokenizer gives Python's ids and tokens on the examples and hostile texts", () => {
  assert.ok(fixture.tokens.length >= 14);
  for (const { text, ids, tokens } of fixture.tokens) {
    const got = tokenizer.encode(text);
    assert.deepEqual(got, ids, `ids of ${JSON.stringify(text.slice(0, 40))}`);
    assert.deepEqual(
      got.map((id) => tokenizer.display(id)),
      tokens,
      `tokens of ${JSON.stringify(text.slice(0, 40))}`,
    );
  }
});

test('the 5,000-character text and "<|start|>" typed in a story are read as Python reads them', () => {
  const long = fixture.tokens.find((c) => c.text.length === 5000);
  assert.ok(long && long.ids.length > 511, 'the long text is longer than the context');
  const typed = fixture.tokens.find((c) => c.text.startsWith('<|start|>'));
  assert.equal(typed.ids.filter((id) => id === info.start_id).length, 1, 'only the real ◆ is the start mark');
});

test("bytes that are not whole characters show as \\xNN, as Python's backslashreplace", () => {
  assert.equal(decodeBackslashReplace(Uint8Array.from([0xf0, 0x9f])), '\\xf0\\x9f');
  assert.equal(decodeBackslashReplace(Uint8Array.from([0x41, 0xc3, 0xa9, 0xff])), 'Aé\\xff');
});

test("packAttention gives exactly build_artifacts' encode_attention bytes", () => {
  const s = fixture.scores;
  const T = s.ids.length;
  const packed = packAttention(Float32Array.from(s.weights), s.layers, s.heads, T);
  assert.deepEqual(Array.from(packed), Array.from(base64ToBytes(s.packed)));
});

function assertClose(got, want, what, tolerance) {
  if (want === null) {
    assert.equal(got, null, what);
    return;
  }
  got.forEach((row, l) =>
    row.forEach((v, h) => assert.ok(Math.abs(v - want[l][h]) < tolerance, `${what}: layer ${l} head ${h}`)),
  );
}

test('every detector the widgets offer has its JavaScript twin', () => {
  for (const { name } of DETECTORS) {
    assert.ok(
      DETECTOR_TWINS[name],
      `${name}: in sprout/analysis/detectors.py, offered by the widgets, but no twin in DETECTOR_TWINS (story/core.js)`,
    );
  }
  assert.deepEqual(Object.keys(DETECTOR_TWINS).sort(), DETECTORS.map((d) => d.name).sort());
});

test("head-type scores follow sprout.analysis.detectors' (random weights over a text that repeats)", () => {
  const s = fixture.scores;
  assert.deepEqual(inductionPairs(s.ids), s.induction_pairs);
  const got = headTypeScores(Float32Array.from(s.weights), s.layers, s.heads, s.ids);
  assert.deepEqual(Object.keys(got.scores), Object.keys(s.detectors));
  for (const [kind, want] of Object.entries(s.detectors)) assertClose(got.scores[kind], want, kind, 1e-6);
  assert.equal(got.counts.induction, s.induction_pairs.length);
  const plain = headTypeScores(
    Float32Array.from(s.weights).subarray(0),
    s.layers,
    s.heads,
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13],
  );
  assert.equal(plain.scores.induction, null, 'a text that repeats nothing has no induction score');
});

/** story.json's synthetic_weights: causal weights from one formula, the same in both languages. */
function syntheticWeights(layers, heads, T) {
  const weights = new Float64Array(layers * heads * T * T);
  for (let l = 0; l < layers; l++) {
    for (let h = 0; h < heads; h++) {
      for (let q = 0; q < T; q++) {
        const row = (l * heads + h) * T * T + q * T;
        const scores = Array.from(
          { length: q + 1 },
          (_, k) => 3 * Math.sin(0.7 * (l + 1) * (q + 1) + 1.3 * (h + 1) * (k + 1) + 0.01 * q * k),
        );
        const max = Math.max(...scores);
        const exps = scores.map((v) => Math.exp(v - max));
        const total = exps.reduce((a, b) => a + b, 0);
        exps.forEach((e, k) => (weights[row + k] = e / total));
      }
    }
  }
  return weights;
}

test("on the chapter's six examples every twin gives its Python detector's scores and counts", () => {
  const { layers, heads } = fixture.scores;
  assert.equal(fixture.examples.length, 6);
  for (const example of fixture.examples) {
    const weights = syntheticWeights(layers, heads, example.ids.length);
    const got = headTypeScores(weights, layers, heads, example.ids);
    assert.deepEqual(got.counts, example.counts, example.id);
    for (const [kind, want] of Object.entries(example.scores)) {
      assertClose(got.scores[kind], want, `${example.id} ${kind}`, 1e-9);
    }
  }
  assert.ok(
    fixture.examples.some((e) => e.counts.induction > 0),
    'some example repeats a stretch',
  );
});

test("on [◆, R, R] the induction pairs are the repeat detector's (query 1+n+j -> key 2+j)", () => {
  const R = [5, 9, 2, 7, 3];
  const n = R.length;
  const expected = R.map((_, j) => [1 + n + j, 2 + j]);
  assert.deepEqual(inductionPairs([0, ...R, ...R]), expected);
});

test('topNext: the most likely tokens with softmax probabilities', () => {
  const logits = Float32Array.from([0, 0, Math.log(2), 0, Math.log(4), 0, 0, 0]);
  const top = topNext(logits, 4, 4, 2); // the second position: [ln 4, 0, 0, 0]
  assert.deepEqual(
    top.map((t) => t.id),
    [0, 1],
  );
  assert.ok(Math.abs(top[0].p - 4 / 7) < 1e-6);
  const first = topNext(logits, 0, 4, 5);
  assert.deepEqual(
    first.map((t) => t.id),
    [2, 0, 1, 3],
  );
});

test('a shared link reopens the same story and selection; damaged links say so', async () => {
  const text = fixture.tokens.find((c) => c.text.includes('Curly')).text;
  const value = await encodeShare({ text, layer: 5, head: 4, token: 12 });
  assert.match(value, /^5\/4\/12\/[A-Za-z0-9_-]+$/);
  assert.deepEqual(await decodeShare(value), { text, layer: 5, head: 4, token: 12, offSegment: '' });
  const off = await encodeShare({ text, layer: 5, head: 4, token: 12, offSegment: 'off-5.4-5.6' });
  assert.match(off, /^5\/4\/12\/off-5\.4-5\.6\/[A-Za-z0-9_-]+$/);
  assert.deepEqual(await decodeShare(off), { text, layer: 5, head: 4, token: 12, offSegment: 'off-5.4-5.6' });
  // a garbled segment is handed on (parseOffSegment reports it); the story itself still opens
  const garbled = await decodeShare(off.replace('off-5.4-5.6', 'off-5.zz'));
  assert.equal(garbled.text, text);
  assert.equal(garbled.offSegment, 'off-5.zz');
  await assert.rejects(decodeShare('5/4/12/@@@'), /expected form/);
  await assert.rejects(decodeShare('5/4/12/AAAAbbbb'), /damaged/);
  await assert.rejects(decodeShare(`1/1/1/${'A'.repeat(SHARE_LIMIT + 1)}`), /longer than/);
  let x = 14;
  const random = Array.from({ length: 12000 }, () => {
    x = (x * 1103515245 + 12345) % 2 ** 31; // a plain LCG: text that does not compress
    return String.fromCharCode(33 + ((x >> 16) % 90));
  }).join('');
  await assert.rejects(encodeShare({ text: random, layer: 1, head: 1, token: 0 }), /too long to share/);
});

test('sizes are shown in megabytes', () => {
  assert.equal(formatBytes(31966540), '32.0 MB');
  assert.ok(existsSync(new URL(`${BROWSER}${info.file}`, import.meta.url)), 'the model file is committed');
});
