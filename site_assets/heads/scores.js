// W5's head-type scores as it reads and words them (pure: no DOM, tested under Node): the kinds
// head_scores.json scores, "what breaks without it" from its ablation summary, the top heads of
// each, the baseline band and the sentences and labels the grid and the enlarged map show.
import { DETECTORS } from '../common/detectors.js';

/** The kinds of head the scores name (DETECTORS, from sprout/analysis/detectors.py); `from` says
 * which average of head_scores.json to read. */
export const KINDS = Object.fromEntries(
  DETECTORS.map((d) => [d.name, { label: d.label, from: d.from, about: d.about }]),
);

/** The ablation score: the largest share of one ability lost when the head is removed. */
export const BREAKS = {
  label: 'what breaks without it',
  about: 'the largest share of one ability lost when the head is replaced by its mean output',
};
export const MEASURE_NAMES = {
  loss_tinystories_validation: 'TinyStories loss',
  loss_generated: 'loss on generated stories',
  repeat: 'the repeat',
  name_probe: 'made-up names',
  pronoun_probe: 'pronouns',
};

/** A `highlight` attribute's choice: a kind, 'breaks', or '' (none) for anything else. */
export function highlightChoice(value) {
  return Object.hasOwn(KINDS, value) || value === 'breaks' ? value : '';
}

export function formatScore(score) {
  return score.toFixed(2);
}

/** The trained Sprout's score matrix [layer][head] (0-based) of one kind. */
export function scoreMatrix(headScores, kind) {
  const source = KINDS[kind]?.from;
  return headScores?.models?.sprout?.[source]?.[kind] ?? null;
}

/** The matrix a highlight choice reads: a kind's scores, or 'breaks' from the ablation summary. */
export function highlightMatrix(headScores, choice) {
  if (choice === 'breaks') return headScores?.ablation?.breaks ?? null;
  return scoreMatrix(headScores, choice);
}

/** The k best heads of a [layer][head] matrix: [{ layer, head, score }] 1-based, best first. */
export function topHeads(matrix, k = 3) {
  const cells = [];
  matrix.forEach((row, l) => row.forEach((score, h) => cells.push({ layer: l + 1, head: h + 1, score })));
  cells.sort((a, b) => b.score - a.score || a.layer - b.layer || a.head - b.head);
  return cells.slice(0, k);
}

/**
 * The heads W5 outlines and lists for a highlight choice, best first ({ layer, head, score },
 * 1-based): each kind's top three as head_scores.json ships them (`models.sprout.top`). The
 * ablation summary ships no such list, so the heads whose removal breaks the most are ranked here.
 */
export function highlightTops(headScores, choice) {
  if (choice === 'breaks') {
    const breaks = headScores?.ablation?.breaks;
    return breaks ? topHeads(breaks, 3) : [];
  }
  return headScores?.models?.sprout?.top?.[choice] ?? [];
}

/** One sentence on a kind's baselines: the untrained band and the score on shuffled tokens. */
export function baselineText(headScores, kind) {
  const b = headScores?.baselines?.[kind];
  if (!b) return '';
  const u = b.untrained;
  const called = b.called.flat().filter(Boolean).length;
  const needs = b.must_clear.includes('shuffled') ? 'both' : 'the untrained band';
  return (
    `Baselines: the best head of an untrained Sprout scores ${u.mean.toFixed(3)} ± ${u.std.toFixed(3)} ` +
    `(${u.seeds.length} seeds); on shuffled tokens the best head scores ${formatScore(b.shuffled.best)}. ` +
    `${called} of ${b.called.flat().length} heads stand clearly above ${needs}.`
  );
}

/** What the detail line says about one head's removal: its score and where it comes from. */
export function breaksText(headScores, layer, head) {
  const score = headScores?.ablation?.breaks?.[layer - 1]?.[head - 1];
  if (score === undefined) return null;
  const most = headScores.ablation.breaks_most?.[layer - 1]?.[head - 1];
  return `${BREAKS.label} ${formatScore(score)}${most ? ` (${MEASURE_NAMES[most] || most})` : ''}`;
}

/** Every score one head (1-based) has, worded: each kind's, then what breaks without it. */
export function headScoreTexts(headScores, layer, head) {
  if (!headScores) return [];
  return [
    ...Object.keys(KINDS).map((kind) => {
      const score = scoreMatrix(headScores, kind)?.[layer - 1]?.[head - 1];
      return score === undefined ? null : `${KINDS[kind].label} ${formatScore(score)}`;
    }),
    breaksText(headScores, layer, head),
  ].filter(Boolean);
}

/** A grid cell's accessible name: the head and its scores. */
export function headLabel(headScores, layer, head) {
  const scores = headScoreTexts(headScores, layer, head);
  return `Layer ${layer}, head ${head}${scores.length ? `; scores: ${scores.join(', ')}` : ''}`;
}

/** The words before the list of top heads: what they are the top of, and how that is measured. */
export function topsIntro(headScores, choice) {
  const info = KINDS[choice] || BREAKS;
  const title = choice === 'breaks' ? 'Heads whose removal breaks the most' : `Top ${info.label} heads`;
  const about = headScores.about?.[choice] ?? info.about;
  return `${title} (${about}): `;
}

/** One listed top head's button text; a head its baselines do not call says so. */
export function topHeadText(headScores, choice, { layer, head, score }) {
  const called = headScores.baselines?.[choice]?.called?.[layer - 1]?.[head - 1];
  const below = called === false ? ' (not clearly above its baselines)' : '';
  return `layer ${layer}, head ${head}: ${formatScore(score)}${below}`;
}
