// The words and the link of <sprout-story>'s "Write on", pure (tested under Node).
// A written story's link: "#write=0.8/40/0/on/<packed text>" (temperature, top-k, seed, the heads
// off as formatOffSegment writes them or "on" for none, the reader's text as packText packs it);
// the chapter's: "#write=chapter/induction" (its prompt and settings from the artifacts'
// writing.json, with a preset's heads off, or "all" for every head on).
import { SHARE_LIMIT, packText, unpackText } from './core.js';
import { SEED_MAX, TEMPERATURE_MAX } from './sampler.js';

export const WRITE_KEY = 'write';
export const DEFAULT_SETTINGS = { temperature: 0.8, topK: 40, seed: 0 };

const CHAPTER = /^chapter\/(induction|tom|previous|all)$/;
const SHARED = /^(\d+(?:\.\d+)?)\/(\d{1,5})\/(\d{1,10})\/(on|off(?:-[0-9.-]*)?)\/([A-Za-z0-9_-]+)$/;

/** The settings a reader typed (strings) as numbers; an empty box is the default. */
export function readSettings({ temperature, topK, seed }) {
  const number = (text, fallback) => (String(text).trim() === '' ? fallback : Number(text));
  return {
    temperature: number(temperature, DEFAULT_SETTINGS.temperature),
    topK: number(topK, DEFAULT_SETTINGS.topK),
    seed: number(seed, DEFAULT_SETTINGS.seed),
  };
}

/** The hash value of a written story (throws when the text is too long for a link). */
export async function formatWriteLink({ text, settings, offSegment }) {
  const packed = await packText(text);
  if (packed.length > SHARE_LIMIT)
    throw new Error(`This text is too long for a link (${packed.length} characters packed).`);
  const { temperature, topK, seed } = settings;
  return `${temperature}/${topK}/${seed}/${offSegment || 'on'}/${packed}`;
}

/**
 * A write link's value -> { chapter: preset } or { text, settings, offSegment } ('' for every
 * head on); throws a one-line Error for a link this block cannot read.
 */
export async function parseWriteLink(value) {
  const chapter = CHAPTER.exec(value || '');
  if (chapter) return { chapter: chapter[1] };
  const match = SHARED.exec(value || '');
  if (!match) throw new Error('the link does not hold a written story in the expected form');
  const settings = { temperature: Number(match[1]), topK: Number(match[2]), seed: Number(match[3]) };
  if (settings.temperature > TEMPERATURE_MAX || settings.seed > SEED_MAX)
    throw new Error("the link's settings are out of range");
  const text = await unpackText(match[5]);
  return { text, settings, offSegment: match[4] === 'on' ? '' : match[4] };
}

/** Why a write ended, in words. */
export function endedSentence(reason, count, seconds) {
  const made = `Sprout wrote ${count} token${count === 1 ? '' : 's'}`;
  const rate = seconds > 0 && count > 1 ? ` (${(count / seconds).toFixed(1)} tokens a second)` : '';
  const why = {
    length: '',
    start: ': it began a new story there',
    context: ': its context is full, there is no room left',
    stopped: ': you stopped it',
  }[reason];
  return `${made}${rate}${why ?? ''}.`;
}

/**
 * Where heads looked from one written token: the `count` positions with the most weight in one
 * head's row (or the mean of every head's, head null), largest first: [{ position, weight }].
 */
export function strongestLooks(rows, seen, layers, heads, head, count = 3) {
  const weights = new Float64Array(seen);
  if (head) {
    const from = ((head.layer - 1) * heads + (head.head - 1)) * seen;
    for (let t = 0; t < seen; t++) weights[t] = rows[from + t];
  } else {
    for (let lh = 0; lh < layers * heads; lh++)
      for (let t = 0; t < seen; t++) weights[t] += rows[lh * seen + t] / (layers * heads);
  }
  return Array.from(weights, (weight, position) => ({ position, weight }))
    .sort((a, b) => b.weight - a.weight || a.position - b.position)
    .slice(0, count);
}
