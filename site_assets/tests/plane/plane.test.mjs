// W3's pure parts under Node: its attributes and deep link, the plane's geometry and the
// readouts' words. node --test site_assets/tests/
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { attend, dot } from '../../common/math.js';
import {
  EXTENT,
  SIZE,
  dividerOf,
  fmt1,
  fmt2,
  formatPlaneHash,
  fromSvg,
  nobodyFitsLayout,
  onPlane,
  parsePairs,
  parsePlaneHash,
  parseVector,
  planeSentence,
  positiveHalf,
  toSvg,
  valuesFor,
  weightSumText,
  weightText,
} from '../../plane/core.js';

const START = { girl: [2.0, 0.5], ball: [0.5, 2.0], red: [1.5, -1.0], ran: [-1.2, 1.4] };

test('keys and values attributes: well-formed JSON of equal-length vectors, else the start numbers', () => {
  assert.deepEqual(parsePairs('{"a": [1, 2], "b": [0, -1]}', START, 2), { a: [1, 2], b: [0, -1] });
  for (const bad of [null, '', 'not json', '{}', '{"a": [1]}', '{"a": [1, "x"]}', '{"a": 3}', 'null']) {
    assert.deepEqual(parsePairs(bad, START, 2), START, String(bad));
  }
  const copy = parsePairs(null, START, 2);
  copy.girl[0] = 99;
  assert.equal(START.girl[0], 2.0, 'the fallback is copied, never shared');
});

test('the query attribute holds two finite numbers, else the start query', () => {
  assert.deepEqual(parseVector('1.0, 0.8', [0, 0]), [1, 0.8]);
  assert.deepEqual(parseVector(' -2,3 ', [0, 0]), [-2, 3]);
  for (const bad of [null, '', '1', '1, 2, 3', '1, x', 'Infinity, 1']) {
    assert.deepEqual(parseVector(bad, [1, 0.8]), [1, 0.8], String(bad));
  }
});

test('a key without a value colour borrows the start colours in turn', () => {
  const spare = { a: [1, 0, 0], b: [0, 1, 0] };
  const own = { x: [0, 0, 1], y: [1, 1, 1] };
  assert.equal(valuesFor(['x', 'y'], own, spare), own);
  assert.deepEqual(valuesFor(['x', 'z', 'w'], own, spare), { x: [0, 0, 1], z: [0, 1, 0], w: [1, 0, 0] });
});

test('the deep link holds the query and the sharpness, clamped to 0..5', () => {
  assert.deepEqual(parsePlaneHash('1.2/-0.4/2.0'), { query: [1.2, -0.4], sharpness: 2 });
  assert.deepEqual(parsePlaneHash('0/0/9'), { query: [0, 0], sharpness: 5 });
  assert.deepEqual(parsePlaneHash('0/0/-1'), { query: [0, 0], sharpness: 0 });
  for (const bad of ['', '1/2', '1/2/3/4', '1/x/2']) assert.equal(parsePlaneHash(bad), null, bad);
  assert.equal(formatPlaneHash([1.2, -0.4], 2), '1.20/-0.40/2.0');
  assert.equal(formatPlaneHash([-0.001, 0], 1), '0.00/0.00/1.0', 'no "-0.00"');
  const back = parsePlaneHash(formatPlaneHash([-1.25, 2.5], 3.7));
  assert.deepEqual(back, { query: [-1.25, 2.5], sharpness: 3.7 });
});

test('points move in steps of 0.01 and stay on the plane', () => {
  assert.equal(onPlane(1.234), 1.23);
  assert.equal(onPlane(7), EXTENT);
  assert.equal(onPlane(-7), -EXTENT);
  assert.equal(fmt1(-0.04), '0.0');
  assert.equal(fmt2(-0.004), '0.00');
  assert.equal(fmt2(-0.5), '-0.50');
});

test('SVG units and plane coordinates convert both ways; y points up on the plane', () => {
  assert.deepEqual(toSvg([0, 0]), [SIZE / 2, SIZE / 2]);
  assert.deepEqual(toSvg([-EXTENT, EXTENT]), [0, 0], 'top left corner');
  assert.deepEqual(toSvg([EXTENT, -EXTENT]), [SIZE, SIZE]);
  assert.deepEqual(fromSvg(toSvg([1.5, -0.7])), [1.5, -0.7]);
});

test('the shaded half holds exactly the points that score above 0', () => {
  const inside = (polygon, p) => {
    // a convex polygon, corners in turn: p is inside when it is on the same side of every edge
    const sides = polygon.map((a, i) => {
      const b = polygon[(i + 1) % polygon.length];
      return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
    });
    return sides.every((s) => s >= -1e-9) || sides.every((s) => s <= 1e-9);
  };
  for (const query of [
    [1, 0.8],
    [0, 1],
    [-1, -1],
    [2, -0.3],
    [1, 0],
  ]) {
    const polygon = positiveHalf(query);
    for (const corner of polygon) assert.ok(dot(query, corner) >= -1e-9, `${query}: ${corner}`);
    for (let x = -2.75; x <= 2.75; x += 0.5) {
      for (let y = -2.75; y <= 2.75; y += 0.5) {
        const score = dot(query, [x, y]);
        if (Math.abs(score) > 1e-9) assert.equal(inside(polygon, [x, y]), score > 0, `${query} at ${x},${y}`);
      }
    }
  }
  assert.deepEqual(positiveHalf([0, 0]), [], 'a zero query scores nothing above 0');
});

test('the dividing line is perpendicular to the query and crosses the plane; none at the origin', () => {
  const divider = dividerOf([1, 0.8]);
  const along = [divider.to[0] - divider.from[0], divider.to[1] - divider.from[1]];
  assert.ok(Math.abs(dot(along, [1, 0.8])) < 1e-9);
  assert.ok(Math.abs(dot(divider.from, [1, 0.8])) < 1e-9, 'through the origin');
  assert.ok(Math.hypot(...divider.from) > Math.SQRT2 * EXTENT, 'reaching past the corners');
  assert.ok(dot(divider.label, [1, 0.8]) > 0, 'the label sits on the positive side');
  assert.equal(dividerOf([0, 0]), null);
});

test('nobody fits: every key then scores below 0 and the weights still add up to 1', () => {
  for (const keys of [START, { a: [-3, -3], b: [3, 3], c: [0, 0] }]) {
    const layout = nobodyFitsLayout(keys);
    const vectors = Object.values(layout.keys);
    for (const [x, y] of vectors) {
      assert.ok(x + y >= 1 - 0.02, `${x} + ${y}`);
      assert.ok(Math.abs(x) <= EXTENT && Math.abs(y) <= EXTENT);
    }
    const { scores, weights } = attend(layout.query, vectors, vectors, 1);
    assert.ok(
      scores.every((s) => s < 0),
      String(scores),
    );
    assert.ok(Math.abs(weights.reduce((a, b) => a + b, 0) - 1) < 1e-12);
  }
  assert.deepEqual(nobodyFitsLayout({ far: [2, 2] }).keys, { far: [2, 2] }, 'a key already there stays');
});

test('the readouts word the weights as percentages', () => {
  assert.equal(weightText(0.4981), '49.8% (0.498)');
  assert.equal(weightSumText(0.9999999), 'The weights add up to 100.0%.');
  assert.equal(
    planeSentence([1, -0.04], 1.5, ['girl', 'ball'], [0.75, 0.25]),
    'Query at (1.0, 0.0), sharpness 1.5. Weights: girl 75.0%, ball 25.0%.',
  );
});
