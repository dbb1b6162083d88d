// Unit tests for "Write on"'s words and link (story/write-link.js).
// node --test site_assets/tests/
import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
  endedSentence,
  formatWriteLink,
  parseWriteLink,
  readSettings,
  strongestLooks,
} from '../../story/write-link.js';

test('a written story link carries the settings, the heads off and the text', async () => {
  const text = 'Sam found a tiny key. “Whose is it?” 🐉';
  const settings = { temperature: 1.1, topK: 12, seed: 7 };
  const value = await formatWriteLink({ text, settings, offSegment: 'off-5.4-6.1' });
  assert.match(value, /^1\.1\/12\/7\/off-5\.4-6\.1\/[A-Za-z0-9_-]+$/);
  assert.deepEqual(await parseWriteLink(value), { text, settings, offSegment: 'off-5.4-6.1' });
  const allOn = await formatWriteLink({
    text,
    settings: { temperature: 0, topK: 40, seed: 0 },
    offSegment: '',
  });
  assert.match(allOn, /^0\/40\/0\/on\//);
  assert.equal((await parseWriteLink(allOn)).offSegment, '');
});

test("the chapter's links name a preset", async () => {
  assert.deepEqual(await parseWriteLink('chapter/induction'), { chapter: 'induction' });
  assert.deepEqual(await parseWriteLink('chapter/all'), { chapter: 'all' });
});

test('a bad link is refused in one line', async () => {
  await assert.rejects(parseWriteLink('chapter/everything'), /expected form/);
  await assert.rejects(parseWriteLink('0.8/40/0/on/'), /expected form/);
  await assert.rejects(parseWriteLink('9/40/0/on/abc'), /out of range/);
  await assert.rejects(parseWriteLink('0.8/40/0/on/AAAA'), /damaged/);
});

test('empty boxes are the defaults; typed ones are numbers', () => {
  assert.deepEqual(readSettings({ temperature: '', topK: ' ', seed: '' }), {
    temperature: 0.8,
    topK: 40,
    seed: 0,
  });
  assert.deepEqual(readSettings({ temperature: '0', topK: '5', seed: '12' }), {
    temperature: 0,
    topK: 5,
    seed: 12,
  });
  assert.ok(Number.isNaN(readSettings({ temperature: 'x', topK: '5', seed: '1' }).temperature));
});

test('why a write ended, in words', () => {
  assert.equal(endedSentence('length', 64, 4), 'Sprout wrote 64 tokens (16.0 tokens a second).');
  assert.equal(endedSentence('stopped', 1, 1), 'Sprout wrote 1 token: you stopped it.');
  assert.match(endedSentence('context', 3, 1), /no room left/);
  assert.match(endedSentence('start', 3, 1), /new story/);
});

test('the strongest looks of one head, or of all heads on average', () => {
  // 1 layer, 2 heads, 3 positions seen
  const rows = Float32Array.from([0.1, 0.7, 0.2, 0.6, 0.1, 0.3]);
  assert.deepEqual(
    strongestLooks(rows, 3, 1, 2, { layer: 1, head: 1 }, 2).map((l) => l.position),
    [1, 2],
  );
  const mean = strongestLooks(rows, 3, 1, 2, null);
  assert.deepEqual(
    mean.map((l) => l.position),
    [1, 0, 2],
  );
  assert.ok(Math.abs(mean[0].weight - 0.4) < 1e-6);
});
