// W3's pure parts (no DOM, tested under Node): reading its attributes and its deep link, the
// plane's coordinates (plane units <-> SVG units), the half-plane where keys score above 0,
// "nobody fits", and the numbers and sentences its readouts show.
import { formatPercent } from '../common/format.js';

export const EXTENT = 3; // the plane shows -3 .. 3 on both axes
export const UNIT = 50; // SVG units per plane unit
export const SIZE = 2 * EXTENT * UNIT;

/**
 * A JSON object of name -> vector of `length` finite numbers (the `keys` and `values`
 * attributes); a copy of `fallback` when the text is missing, malformed or empty.
 */
export function parsePairs(text, fallback, length) {
  if (!text) return structuredClone(fallback);
  try {
    const parsed = JSON.parse(text);
    const ok = Object.values(parsed).every(
      (v) => Array.isArray(v) && v.length === length && v.every(Number.isFinite),
    );
    return ok && Object.keys(parsed).length ? parsed : structuredClone(fallback);
  } catch {
    return structuredClone(fallback);
  }
}

/** "1.0, 0.8" -> [1, 0.8]; a copy of `fallback` unless the text holds exactly two finite numbers. */
export function parseVector(text, fallback) {
  const numbers = (text || '').split(',').map((s) => Number.parseFloat(s));
  return numbers.length === 2 && numbers.every(Number.isFinite) ? numbers : [...fallback];
}

/** A colour for every key: its own value, else the fallbacks' colours in turn (when any key has none). */
export function valuesFor(names, values, fallback) {
  if (names.every((name) => values[name])) return values;
  const spare = Object.values(fallback);
  return Object.fromEntries(names.map((name, i) => [name, values[name] ?? spare[i % spare.length]]));
}

/** The sharpness slider's range, 0..5. */
export function clampSharpness(x) {
  return Math.min(5, Math.max(0, x));
}

/** "1.2/-0.4/2.0" from the URL hash: { query: [x, y], sharpness } (sharpness clamped); null when malformed. */
export function parsePlaneHash(text) {
  const numbers = text.split('/').map(Number);
  if (numbers.length !== 3 || !numbers.every(Number.isFinite)) return null;
  return { query: numbers.slice(0, 2), sharpness: clampSharpness(numbers[2]) };
}

export function formatPlaneHash(query, sharpness) {
  return `${fmt2(query[0])}/${fmt2(query[1])}/${sharpness.toFixed(1)}`;
}

/** A coordinate as points move to: rounded to 0.01 and kept on the plane. */
export function onPlane(x) {
  return round2(Math.min(EXTENT, Math.max(-EXTENT, x)));
}

export const round2 = (x) => Math.round(x * 100) / 100;

/** Plane coordinates -> SVG units (y grows downwards in SVG). */
export const toSvg = ([x, y]) => [SIZE / 2 + x * UNIT, SIZE / 2 - y * UNIT];

/** SVG units -> plane coordinates. */
export const fromSvg = ([x, y]) => [(x - SIZE / 2) / UNIT, (SIZE / 2 - y) / UNIT];

// toFixed without the "-0.0" that tiny negative numbers would print
const fixed = (x, digits) => x.toFixed(digits).replace(/^-(0\.?0*)$/, '$1');
export const fmt1 = (x) => fixed(x, 1);
export const fmt2 = (x) => fixed(x, 2);

/** An RGB colour in 0..1 as CSS. */
export const cssRgb = (rgb) => `rgb(${rgb.map((c) => Math.round(c * 255)).join(', ')})`;

/**
 * The part of the square [-EXTENT, EXTENT]^2 where q . x > 0 (keys there score positive):
 * the square's corners on that side plus where the dividing line q . x = 0 crosses its edges.
 */
export function positiveHalf(query) {
  const e = EXTENT;
  const corners = [
    [-e, -e],
    [e, -e],
    [e, e],
    [-e, e],
  ];
  const side = (p) => query[0] * p[0] + query[1] * p[1];
  const polygon = [];
  corners.forEach((a, i) => {
    const b = corners[(i + 1) % 4];
    const sa = side(a),
      sb = side(b);
    if (sa > 0) polygon.push(a);
    if (sa > 0 !== sb > 0 && sa !== sb) {
      const t = sa / (sa - sb);
      polygon.push([a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])]);
    }
  });
  return polygon;
}

/**
 * The dividing line q . x = 0 drawn across the whole plane (its two ends) and where the
 * "scores > 0" label sits (2.5 units along the query); null for a query at the origin.
 */
export function dividerOf([qx, qy]) {
  const length = Math.hypot(qx, qy);
  if (!(length > 1e-9)) return null;
  const far = 2 * EXTENT;
  return {
    from: [(-qy / length) * far, (qx / length) * far],
    to: [(qy / length) * far, (-qx / length) * far],
    label: [(qx / length) * 2.5, (qy / length) * 2.5],
  };
}

/** "Nobody fits": every key moved into the half-plane x + y >= 1, the query facing away. */
export function nobodyFitsLayout(keys) {
  const moved = {};
  for (const [name, [x, y]] of Object.entries(keys)) {
    const shift = Math.max(0, (1 - (x + y)) / 2);
    moved[name] = [onPlane(x + shift), onPlane(y + shift)];
  }
  return { keys: moved, query: [-1.0, -1.0] };
}

/** A key's weight as its readout shows it: "49.8% (0.498)". */
export function weightText(weight) {
  return `${formatPercent(weight)} (${weight.toFixed(3)})`;
}

export function weightSumText(total) {
  return `The weights add up to ${formatPercent(total)}.`;
}

/** The sentence screen readers hear after a move: the query, the sharpness and every weight. */
export function planeSentence(query, sharpness, names, weights) {
  const parts = names.map((name, j) => `${name} ${formatPercent(weights[j])}`);
  return (
    `Query at (${fmt1(query[0])}, ${fmt1(query[1])}), ` +
    `sharpness ${sharpness.toFixed(1)}. Weights: ${parts.join(', ')}.`
  );
}
