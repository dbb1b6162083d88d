// W4's rows that still see the future (a later word unmasked): the eye that flags such a row and
// the summary line that names them, and any row left with nothing to average.
import { el, svgEl } from '../common/dom.js';

export const FUTURE_CSS = `
.flag { display: inline-flex; vertical-align: middle; margin-left: 0.15em; color: var(--accent); }
.flag svg { width: 0.95em; height: 0.95em; }
.summary { margin: 0.5rem 0 0; }
.summary .flag { margin: 0 0.2em 0 0; }
`;

/** A small eye icon: the flag for rows that can still see the future. */
export function eyeIcon() {
  const svg = svgEl('svg', { viewBox: '0 0 24 24', 'aria-hidden': 'true' });
  svg.append(
    svgEl('path', {
      fill: 'currentColor',
      d:
        'M12 5C6.5 5 2.7 9.3 1.5 12c1.2 2.7 5 7 10.5 7s9.3-4.3 10.5-7C21.3 9.3 17.5 5 12 ' +
        '5zm0 11.5A4.5 4.5 0 1 1 12 7.5a4.5 4.5 0 0 1 0 9zm0-2.5a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
    }),
  );
  return svg;
}

function eyeFlag() {
  const flag = el('span', 'flag');
  flag.append(eyeIcon());
  return flag;
}

/** The summary line (polite): the rows that see the future and any row with every cell masked. */
export function showSummary(summary, future, fullyMasked, words) {
  const parts = [];
  if (future.length) {
    const named = future.map((i) => words[i]).join(', ');
    parts.push(
      eyeFlag(),
      `${future.length} ${future.length === 1 ? 'row sees' : 'rows see'} the future ` +
        `(a later word is unmasked): ${named}. `,
    );
  } else {
    parts.push('No row can see the future: every word looks only at itself and earlier words. ');
  }
  if (fullyMasked.length) {
    const named = fullyMasked.map((i) => words[i]).join(', ');
    parts.push(
      `Every cell masked in the row of ${named}: nothing left to average, so its weights are all 0.`,
    );
  }
  summary.replaceChildren(...parts);
  summary.dataset.future = future.join(',');
  summary.dataset.fullyMasked = fullyMasked.join(',');
}
