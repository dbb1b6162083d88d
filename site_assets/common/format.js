// Numbers, tokens and CSV lines as readers see them, and the ranking the readouts name.

export function formatPercent(weight) {
  return `${(weight * 100).toFixed(1)}%`;
}

/** Indices of the k largest values, largest first; ties go to the earlier index. */
export function topK(values, k) {
  const order = Array.from(values, (_, i) => i);
  order.sort((a, b) => values[b] - values[a] || a - b);
  return order.slice(0, k);
}

/** A token as readers see it: ◆ stays, a leading space is dropped, blanks become visible. */
export function displayToken(token) {
  const shown = token.replace(/^ /, '').replace(/\n/g, '↵').replace(/\t/g, '⇥');
  return shown.length && shown.trim().length ? shown : shown.replace(/ /g, '␣') || '␣';
}

/** The token in curly quotes, as the readouts name it. */
export function quoted(token) {
  return `‘${displayToken(token)}’`;
}

/** One CSV line: values quoted when they hold a comma, a quote or a line break. */
export function csvLine(values) {
  return values
    .map((value) => {
      const text = value === null || value === undefined ? '' : String(value);
      return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(',');
}

/** "mia_doll" -> "mia doll": a stand-in for an example's title until its file is loaded. */
export function humanize(id) {
  return id.replace(/_/g, ' ');
}
