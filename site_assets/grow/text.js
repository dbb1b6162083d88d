// <sprout-grow>'s words (pure, tested under Node): names of the models, the status line, the
// sentence that says what happened (announced politely, so it changes only when something
// happens), the charts' text summary, and what the Python race found.

const NUMBER_WORDS = { 1: 'one', 2: 'two', 3: 'three', 4: 'four' };

// thousands separators by hand (toLocaleString's first call costs a slow phone tens of ms)
export const formatCount = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
export const depthLabel = (layers) => `${layers} layer${layers === 1 ? '' : 's'}`;
export const modelName = (layers) => `the ${NUMBER_WORDS[layers] ?? layers}-layer model`;
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const nats = (loss) => `${loss.toFixed(2)} nats`;

/** What the reader is about to run, and how long it takes (a phone: longer). */
export const introText = (spec) =>
  `Two tiny transformers, one attention layer and two (${spec.heads} heads each, width ${spec.width}), ` +
  `learn side by side in your browser on rows of ${spec.seq_len} random tokens in which a run of ` +
  `${spec.run_min} to ${spec.run_max} tokens repeats. Start downloads TensorFlow.js from this site ` +
  `and trains ${formatCount(spec.steps)} steps (${spec.batch} rows each); a laptop takes a few ` +
  'minutes, and a phone may take several times longer. Training runs beside the page, which stays ' +
  'usable, and pauses while the tab is hidden.';

/** "Step 350 of 2,000 · 1 layer 14.2 steps/s · 2 layers 9.1 steps/s" */
export function statusLine(step, total, speeds) {
  const parts = [`Step ${formatCount(step)} of ${formatCount(total)}`];
  for (const [layers, perSecond] of speeds) {
    if (Number.isFinite(perSecond) && perSecond > 0)
      parts.push(`${depthLabel(layers)} ${perSecond.toFixed(1)} steps/s`);
  }
  return parts.join(' · ');
}

function joinWords(words) {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * What happened so far, in one or two sentences. models: [{ layers, phase (step or null),
 * loss (last evaluation or null) }], deepest last; finished: every step is done.
 */
export function outcomeSentence(models, { finished = false, total = 0 } = {}) {
  const found = models.filter((m) => m.phase !== null).sort((a, b) => a.phase - b.phase);
  const guessing = models.filter((m) => m.phase === null);
  if (!found.length) {
    if (!finished) {
      const who =
        models.length === 2
          ? 'Both models are'
          : `All ${NUMBER_WORDS[models.length] ?? models.length} models are`;
      return `${who} still guessing: no loss on the repeated tokens is below the line yet.`;
    }
    return (
      `After ${formatCount(total)} steps no model found the trick this time ` +
      '(its loss on the repeated tokens never fell below half of the plateau); try another seed.'
    );
  }
  const first = found[0];
  const others = found.slice(1).map((m) => `${modelName(m.layers)} at step ${formatCount(m.phase)}`);
  let text = `${capital(modelName(first.layers))} found the trick at step ${formatCount(first.phase)}`;
  if (others.length) text += `, ${joinWords(others)}`;
  if (!guessing.length) return `${text}.`;
  const names = joinWords(guessing.map((m) => modelName(m.layers)));
  if (!finished) return `${text}; ${names} ${guessing.length === 1 ? 'is' : 'are'} still guessing.`;
  const ends = guessing.filter((m) => m.loss !== null).map((m) => nats(m.loss));
  return (
    `${text}; after ${formatCount(total)} steps ${names} never did` +
    (ends.length ? ` (its loss on the repeated tokens ended at ${joinWords(ends)}).` : '.')
  );
}

/** A text summary of the curves: from where to where each fell, and the two lines. */
export function chartSummary(curves, race) {
  const lines = [
    `Loss on the repeated tokens of a held-out batch against the training step. Guessing evenly ` +
      `costs ln ${race.spec.vocab} = ${nats(race.plateau)}; the line at half of it, ` +
      `${nats(race.threshold)}, marks the phase change.`,
  ];
  for (const { layers, points, phase } of curves) {
    if (!points.length) continue;
    const [firstStep, firstLoss] = points[0];
    const [lastStep, lastLoss] = points.at(-1);
    lines.push(
      `${capital(depthLabel(layers))}: ${nats(firstLoss)} at step ${formatCount(firstStep)}, ` +
        `${nats(lastLoss)} at step ${formatCount(lastStep)}` +
        (phase === null ? ', not below the line.' : `, below the line from step ${formatCount(phase)}.`),
    );
  }
  return lines.join(' ');
}

/** What the Python race on the same spec found, for the reader to compare. */
export function pythonContext(python) {
  const parts = Object.entries(python)
    .filter(([, depth]) => depth.seeds > 0)
    .map(([layers, depth]) => {
      const name = depthLabel(Number(layers));
      if (!depth.dropped) return `${name} never crossed the line in ${depth.seeds} seeds`;
      const where =
        depth.first === depth.last
          ? `step ${formatCount(depth.first)}`
          : `steps ${formatCount(depth.first)}–${formatCount(depth.last)}`;
      return `${name} crossed it in ${depth.dropped} of ${depth.seeds} seeds, at ${where}`;
    });
  return parts.length ? `In the chapter's Python race on this spec: ${parts.join('; ')}.` : '';
}

/** Why training stopped on a number that is not a number. */
export const divergedSentence = (layers, step) =>
  `Training stopped: the loss of ${modelName(layers)} stopped being a number at step ${formatCount(step)}. ` +
  'Press Reset to start again.';

export const pausedSentence = (step, pageHidden) =>
  `Paused at step ${formatCount(step)}${pageHidden ? ' while the page is hidden' : ''}.`;
