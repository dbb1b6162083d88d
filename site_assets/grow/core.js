// <sprout-grow>'s pure parts (tested under Node): the race's spec as the published artifact gives
// it, the reader's settings (seed, depths) and their checks, the permalink both ways, and the
// phase change, defined as in sprout/training/toy_race.py: the first evaluation whose loss on the
// copied tokens is below half of ln vocab (the loss of guessing evenly).

// Python's streams are seed * 1,000,000 + ... below 2**32 (toy_data.BAND, toy_spec.check): the
// seeds Python can race are the seeds this page accepts.
const STREAMS_PER_SEED = 1_000_000;
export const SEED_MAX = Math.floor(2 ** 32 / STREAMS_PER_SEED) - 1;
export const RACED = [1, 2]; // always raced side by side; a third depth is the reader's option

const WHOLE = [
  'vocab',
  'width',
  'heads',
  'seq_len',
  'run_min',
  'run_max',
  'batch',
  'steps',
  'eval_every',
  'eval_batch',
];
const REAL = ['lr', 'adam_beta1', 'adam_beta2', 'adam_epsilon', 'embed_std', 'init_std', 'rms_epsilon'];

/** The spec's problems as sentences (none: it can be raced). */
export function specProblems(spec) {
  if (!spec || typeof spec !== 'object') return ['the file holds no spec'];
  const problems = [];
  for (const key of WHOLE) {
    if (!Number.isSafeInteger(spec[key]) || spec[key] < 1)
      problems.push(`${key} is not a whole number above 0`);
  }
  for (const key of REAL) {
    if (!Number.isFinite(spec[key]) || spec[key] < 0) problems.push(`${key} is not a number of 0 or more`);
  }
  if (!Number.isSafeInteger(spec.eval_seed) || spec.eval_seed < 0)
    problems.push('eval_seed is not a whole number');
  if (typeof spec.rms_norm !== 'boolean') problems.push('rms_norm is not true or false');
  if (!Array.isArray(spec.layers) || !RACED.every((n) => spec.layers.includes(n))) {
    problems.push('layers does not hold 1 and 2');
  }
  if (problems.length) return problems;
  if (spec.width % spec.heads) problems.push(`width ${spec.width} is not a multiple of heads ${spec.heads}`);
  if (spec.run_min < 2 || spec.run_min > spec.run_max || 2 * spec.run_max > spec.seq_len) {
    problems.push(`runs of ${spec.run_min}..${spec.run_max} tokens do not fit twice in ${spec.seq_len}`);
  }
  if (spec.steps % spec.eval_every) problems.push(`steps ${spec.steps} is not a multiple of eval_every`);
  return problems;
}

/**
 * The race as layer_race.json publishes it: { spec, plateau (ln vocab), threshold (half of it),
 * python: { [depth]: { seeds, dropped, first, last } } }. Throws one readable sentence when the
 * spec cannot be raced.
 */
export function readRace(data) {
  const spec = data?.spec;
  const problems = specProblems(spec);
  if (problems.length) throw new Error(`The layer race's spec cannot be raced: ${problems.join('; ')}.`);
  const plateau = Math.log(spec.vocab);
  const python = {};
  for (const run of Array.isArray(data.runs) ? data.runs : []) {
    const depth = (python[run.layers] ??= {
      seeds: 0,
      dropped: 0,
      first: null,
      last: null,
      stepsPerSecond: [],
    });
    depth.seeds += 1;
    if (Number.isFinite(run.steps_per_s)) depth.stepsPerSecond.push(run.steps_per_s);
    const step = run.phase_change_step;
    if (Number.isFinite(step)) {
      depth.dropped += 1;
      depth.first = depth.first === null ? step : Math.min(depth.first, step);
      depth.last = depth.last === null ? step : Math.max(depth.last, step);
    }
  }
  return { spec, plateau, threshold: plateau / 2, python };
}

/** The depths the reader may race: 1 and 2, and 3 where the spec races it. */
export const optionalDepth = (spec) => (spec.layers.includes(3) ? 3 : null);

/** "12" -> { seed: 12 }; anything else -> { message } (one sentence, the race does not start). */
export function checkSeed(text) {
  const trimmed = String(text ?? '').trim();
  if (/^\d{1,7}$/.test(trimmed) && Number(trimmed) <= SEED_MAX) return { seed: Number(trimmed) };
  const shown = trimmed.length > 24 ? `${trimmed.slice(0, 24)}…` : trimmed;
  return {
    message: `The seed must be a whole number from 0 to ${SEED_MAX}${shown ? `, not “${shown}”` : ''}.`,
  };
}

/** [1, 2] or [1, 2, 3] when the spec races 3 -> { layers }; anything else -> { message }. */
export function checkLayers(layers, spec) {
  const third = optionalDepth(spec);
  const allowed = third ? [RACED, [...RACED, third]] : [RACED];
  const sorted = [...new Set(layers)].sort((a, b) => a - b);
  if (layers.length === sorted.length && allowed.some((ok) => ok.join() === sorted.join()))
    return { layers: sorted };
  const words = third ? '1 and 2 layers, or 1, 2 and 3' : '1 and 2 layers';
  return { message: `The race is between ${words}, not ${layers.join(', ') || 'none'}.` };
}

/** Seed text and depths -> { seed, layers } or { message }: the first problem found. */
export function checkSettings(seedText, layers, spec) {
  const seed = checkSeed(seedText);
  if (seed.message) return seed;
  const depths = checkLayers(layers, spec);
  if (depths.message) return depths;
  return { seed: seed.seed, layers: depths.layers };
}

/** { seed, layers } -> "7/1-2-3" (the hash key's value). */
export const formatGrowHash = ({ seed, layers }) => `${seed}/${layers.join('-')}`;

/** "7/1-2-3" -> { seedText: "7", layers: [1, 2, 3] }; null when it is not of that form. */
export function parseGrowHash(text) {
  const match = /^([^/]*)\/(\d+(?:-\d+)*)$/.exec(String(text ?? ''));
  if (!match) return null;
  return { seedText: match[1], layers: match[2].split('-').map(Number) };
}

/** The first step of [[step, loss], ...] whose loss is below threshold; null if none is. */
export function phaseChangeStep(curve, threshold) {
  const found = curve.find(([, loss]) => loss < threshold);
  return found ? found[0] : null;
}
