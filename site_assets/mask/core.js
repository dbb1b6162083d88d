// W4's pure parts (tested under Node): the toy scores, the numbers' thousands separators, the
// deep link's "T/mask" text both ways, and the arrow keys' moves across the grid.

/**
 * Fixed toy scores (no randomness, so the page always shows the same numbers): every word
 * likes itself, likes the word just before it more, keeps an eye on ◆, plus a little
 * variety from a simple pattern.
 */
export function toyScore(row, col) {
  return (
    (col === row ? 1.0 : 0) +
    (col === row - 1 ? 1.5 : 0) +
    (col === 0 ? 0.8 : 0) +
    0.4 * ((2 * row + col) % 3)
  );
}

export function toyScores(T) {
  return Array.from({ length: T }, (_, i) => Array.from({ length: T }, (_, j) => toyScore(i, j)));
}

// thousands separators by hand: the first toLocaleString of a page costs a slow phone ~70 ms
export const formatCount = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** T and a T x T mask -> "3/010001000" (row by row, 1 = masked). */
export function formatMaskHash(T, mask) {
  return `${T}/${mask.map((row) => row.map((m) => (m ? '1' : '0')).join('')).join('')}`;
}

/** "3/010001000" -> { T, mask }, or null when it is not a mask of minT..maxT tokens. */
export function parseMaskHash(text, minT, maxT) {
  const match = /^(\d+)\/([01]+)$/.exec(text);
  const T = match && Number(match[1]);
  if (!match || T < minT || T > maxT || match[2].length !== T * T) return null;
  const mask = Array.from({ length: T }, (_, i) =>
    [...match[2].slice(i * T, (i + 1) * T)].map((b) => b === '1'),
  );
  return { T, mask };
}

/** The cell a key moves focus to from [i, j] in a grid of last + 1 rows and columns; null: not a move. */
export function moveFocus(key, [i, j], last) {
  const moves = {
    ArrowUp: [Math.max(0, i - 1), j],
    ArrowDown: [Math.min(last, i + 1), j],
    ArrowLeft: [i, Math.max(0, j - 1)],
    ArrowRight: [i, Math.min(last, j + 1)],
    Home: [i, 0],
    End: [i, last],
  };
  return moves[key] ?? null;
}
