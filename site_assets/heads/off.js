// Which of Sprout's heads are switched off: the chapter's presets (read from the artifacts, never
// written here), the control draw, the model's `heads_on` input and the permalink segment
// ("off-5.4-5.6": 1-based layer.head pairs). Pure functions; tested under Node.

/** "5.4": a head's key, 1-based as readers see it. */
export const headKey = (layer, head) => `${layer}.${head}`;

/** [[5, 4], [5, 6]] -> the same pairs sorted by layer then head, without repeats. */
export function sortHeads(list) {
  const seen = new Set();
  return list
    .filter(([layer, head]) => {
      const key = headKey(layer, head);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map(([layer, head]) => [layer, head])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

/** The model's switch input: Float32Array [layers * heads], 1 for a head that is on, 0 for off. */
export function headsOnArray(off, layers, heads) {
  const on = new Float32Array(layers * heads).fill(1);
  for (const [layer, head] of off) on[(layer - 1) * heads + (head - 1)] = 0;
  return on;
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** 5 -> "five" (digits past ten). */
export function numberWord(n) {
  return NUMBER_WORDS[n] ?? n.toLocaleString('en');
}

/** [[5, 2], [5, 4], [7, 2]] -> "layer 5, heads 2 and 4; layer 7, head 2". */
export function describeHeads(list) {
  const byLayer = new Map();
  for (const [layer, head] of sortHeads(list)) {
    if (!byLayer.has(layer)) byLayer.set(layer, []);
    byLayer.get(layer).push(head);
  }
  return [...byLayer]
    .map(([layer, hs]) => {
      const names = hs.length > 1 ? `${hs.slice(0, -1).join(', ')} and ${hs[hs.length - 1]}` : `${hs[0]}`;
      return `layer ${layer}, head${hs.length > 1 ? 's' : ''} ${names}`;
    })
    .join('; ');
}

function statHead(stats, role) {
  const layer = stats[`ablation.${role}.layer`];
  const head = stats[`ablation.${role}.head`];
  return Number.isInteger(layer) && Number.isInteger(head) ? [[layer, head]] : null;
}

/**
 * The chapter's removals, from its artifacts: stats.json (the Tom and previous-token heads the
 * chapter removes) and ablations.json (the induction heads it removes together, the last of
 * `together.sets`, and its control draws, `together.controls`: as many other heads, matched by
 * layer). Returns { induction, tom, previous, control: { sets, count } }; a preset whose data is
 * missing is null.
 */
export function chapterPresets({ stats = {}, ablations = {} }) {
  const sets = ablations.together?.sets;
  const induction = sets?.length ? sortHeads(sets[sets.length - 1].heads) : null;
  const draws = (ablations.together?.controls || []).map((c) => sortHeads(c.heads));
  const control = induction && draws.length ? { sets: draws, count: induction.length } : null;
  return {
    induction,
    tom: statHead(stats, 'tom_head'),
    previous: statHead(stats, 'previous_token_head'),
    control,
  };
}

/** One of the chapter's own control draws, at random. */
export function drawControl({ sets }, random = Math.random) {
  return sets[Math.floor(random() * sets.length)];
}

/** The heads switched off as a permalink segment: "off-5.4-5.6", or '' when every head is on. */
export function formatOffSegment(off) {
  return off.length
    ? `off-${sortHeads(off)
        .map(([l, h]) => headKey(l, h))
        .join('-')}`
    : '';
}

/**
 * The inverse of formatOffSegment for a model of layers x heads: { off, problem }. A segment
 * that is not a list of heads keeps every head on; heads the model does not have are left out;
 * either way `problem` says what was ignored (null when nothing was).
 */
export function parseOffSegment(segment, layers, heads) {
  if (!segment) return { off: [], problem: null };
  if (!/^off(-\d{1,3}\.\d{1,3})*$/.test(segment))
    return { off: [], problem: 'the list of heads switched off is damaged, so every head is on' };
  const pairs = segment
    .split('-')
    .slice(1)
    .map((part) => part.split('.').map(Number));
  const missing = pairs.filter(([l, h]) => l < 1 || l > layers || h < 1 || h > heads);
  const off = sortHeads(pairs.filter((pair) => !missing.includes(pair)));
  const problem = missing.length
    ? `Sprout has no ${missing.map(([l, h]) => `layer ${l}, head ${h}`).join(' or ')} ` +
      `(it has ${layers} layers of ${heads} heads), so ${missing.length > 1 ? 'those were' : 'that was'} ignored`
    : null;
  return { off, problem };
}

/** True when two lists name the same heads. */
export function sameHeads(a, b) {
  const x = sortHeads(a);
  const y = sortHeads(b);
  return x.length === y.length && x.every(([l, h], i) => l === y[i][0] && h === y[i][1]);
}
