// Numbers, tokens, sentences and CSV lines as readers see them, and the ranking the readouts name.

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

/** The text as one sentence: a capital first letter and one full stop (or ? or !) at its end,
 * however the parts it was made of ended ("could not start: Failed to fetch." stays one stop). */
export function sentence(text) {
  const trimmed = String(text).trim();
  const ended = /[.!?…]["'’”)]*$/.test(trimmed) ? trimmed : `${trimmed}.`;
  return ended.charAt(0).toUpperCase() + ended.slice(1);
}

/** True when the text shows nothing: only spaces, line breaks and invisible format characters
 * (zero-width spaces and joiners, the byte-order mark), as sprout/texts.py's is_blank. */
export function isBlank(text) {
  return /^[\s\p{Cf}]*$/u.test(text);
}
