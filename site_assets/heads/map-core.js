// W5's enlarged map, its pure parts (tested under Node): the geometry of cells, labels, cursor and
// scrolling, the cursor's keys, what the readout says and the map as CSV.
import { csvLine, displayToken, formatPercent, quoted } from '../common/format.js';

const LABEL_CHARS = 9;

/**
 * Where a scroll box showing [start, start + size) along one axis should scroll to: `scroll`
 * unchanged while the stretch lies in the visible part, which runs from `covered` (pinned label
 * strips hide the first pixels) to `view`; otherwise the stretch centred in that part.
 */
export function scrollToShow(scroll, view, covered, start, size) {
  if (start >= scroll + covered && start + size <= scroll + view) return scroll;
  return Math.max(0, start + size / 2 - (covered + view) / 2);
}

/** CSS pixels per token that fit `tokens` cells beside a `margin` label strip into `width`, at most `full`. */
export function fittedCell(width, margin, tokens, full) {
  if (!(width > margin) || tokens < 1) return full;
  return Math.min(full, (width - margin) / tokens);
}

/** Label every step-th token so that labels `labelSize` pixels tall do not overlap cells `cell` pixels apart. */
export function labelStep(cell, labelSize) {
  return Math.max(1, Math.ceil(labelSize / cell - 1e-9));
}

/** A token as its axis label shows it: at most LABEL_CHARS characters, cut with an ellipsis. */
export function axisLabel(token) {
  const text = displayToken(token);
  return text.length > LABEL_CHARS ? `${text.slice(0, LABEL_CHARS - 1)}…` : text;
}

/**
 * Move the map's cursor (query t, key j, 0-based) of a T x T map by a key: ↑ ↓ query, ← → key,
 * Home End the first key and the query itself; never into the future (a key after the query).
 * Null for other keys.
 */
export function mapStep(t, j, key, T) {
  switch (key) {
    case 'ArrowUp':
      return [Math.max(0, t - 1), Math.min(j, Math.max(0, t - 1))];
    case 'ArrowDown':
      return [Math.min(T - 1, t + 1), j];
    case 'ArrowLeft':
      return [t, Math.max(0, j - 1)];
    case 'ArrowRight':
      return [t, Math.min(t, j + 1)];
    case 'Home':
      return [t, 0];
    case 'End':
      return [t, t];
    default:
      return null;
  }
}

/** The cell [query, key] under a point `x`, `y` CSS pixels into a T x T map of `cell`-pixel cells; null outside. */
export function cellUnder(x, y, cell, T) {
  const j = Math.floor(x / cell);
  const t = Math.floor(y / cell);
  return t < 0 || j < 0 || t >= T || j >= T ? null : [t, j];
}

/**
 * The cursor box's offset along one axis for the cell at `index`: 1 px beyond the cell on each
 * side, but never beyond the map (that would grow what scrolls).
 */
export function cursorOffset(index, cell, T) {
  return Math.max(0, Math.min(index * cell - 1, T * cell - (cell + 2)));
}

/** What the readout says of query t and key j, given the weight the query gives the key. */
export function readoutText(tokens, t, j, weight) {
  const who = `query ${quoted(tokens[t])} (token ${t}) → key ${quoted(tokens[j])} (token ${j})`;
  return j > t ? `${who}: in the future, masked` : `${who}: ${formatPercent(weight)}`;
}

/** One head's map as CSV text: one row per (query, key) pair the query can see. */
export function mapCsv(maps, tokens, layer, head) {
  const lines = ['query,query_token,key,key_token,weight'];
  for (let t = 0; t < maps.T; t++) {
    maps
      .row(layer - 1, head - 1, t)
      .forEach((w, j) => lines.push(csvLine([t, tokens[t], j, tokens[j], w.toFixed(4)])));
  }
  return `${lines.join('\n')}\n`;
}
