// W2's keys in the story (storyKey, pure): node --test site_assets/tests/
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { storyKey } from '../../explorer/core.js';

const MAPS = { layers: 8, heads: 6, T: 10 };
const STATE = { layer: 3, head: 2, token: 5 };
const key = (name, { shift = false, at = 5, focused = false } = {}) =>
  storyKey(name, { shift, at, focused }, STATE, MAPS);

test('arrows move the query, the layer and the head, within their ranges', () => {
  assert.deepEqual(key('ArrowLeft'), { change: { token: 4 } });
  assert.deepEqual(key('ArrowRight'), { change: { token: 6 } });
  assert.deepEqual(key('Home'), { change: { token: 0 } });
  assert.deepEqual(key('End'), { change: { token: 9 } });
  assert.deepEqual(key('ArrowUp'), { change: { layer: 2 } });
  assert.deepEqual(key('ArrowDown'), { change: { layer: 4 } });
  assert.deepEqual(key('['), { change: { head: 1 } });
  assert.deepEqual(key('PageDown'), { change: { head: 3 } });
  assert.deepEqual(storyKey('ArrowRight', { at: 9 }, { ...STATE, token: 9 }, MAPS), { change: { token: 9 } });
  assert.deepEqual(storyKey('[', { at: 5 }, { ...STATE, head: 1 }, MAPS), { change: { head: 1 } });
});

test('Shift+arrows read earlier tokens only, and Enter makes the focused one the query', () => {
  assert.deepEqual(key('ArrowLeft', { shift: true, at: 3 }), { focusTo: 2 });
  assert.deepEqual(key('ArrowRight', { shift: true, at: 5 }), { focusTo: 5 }, 'never past the query');
  assert.deepEqual(key('ArrowLeft', { shift: true, at: 0 }), { focusTo: 0 });
  assert.deepEqual(key('Enter', { at: 2, focused: true }), { change: { token: 2 } });
  assert.equal(key('Enter'), null, 'nothing focused: Enter is not ours');
  assert.equal(key('x'), null);
});
