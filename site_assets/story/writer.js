// Sprout writing on, inside the story's worker: the text is read once with no past, then each
// written token is read alone against the keys and values kept so far (the model file's
// past_keys/past_values inputs, the past of sprout/forward.py), so a token costs the same however long
// the text is. Tokens are chosen by sampler.js; sprout/writing.py is the same loop in Python.
import { headsOnArray } from '../heads/off.js';
import { topNext } from './core.js';
import { choose, mulberry32, settingsProblem } from './sampler.js';

export const MAX_NEW_TOKENS = 64;

/** A macrotask's pause, so that a Stop posted to the worker is read between two tokens. */
function yieldToMessages() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(0);
  });
}

/**
 * Write on from `text`. model: { ort, session, tokenizer, info }; settings: { temperature, topK,
 * seed, maxTokens }; off: heads off ([[layer, head]], 1-based); emit(message) posts each token;
 * stopped() is true once the reader pressed Stop. Returns why it ended: 'length' (maxTokens),
 * 'start' (Sprout began a new story), 'context' (no room left), 'stopped'; or a problem
 * ({ problem }) when the text or the settings cannot be written on, before anything ran.
 */
export async function writeOn({ ort, session, tokenizer, info }, { text, off, settings }, emit, stopped) {
  const { layers, heads, context, vocab_size: vocab } = info;
  const problem = settingsProblem(settings, vocab);
  if (problem) return { problem };
  if (!text.trim()) return { problem: 'There is no text to write on: type the start of a story first.' };
  const ids = tokenizer.encode(text);
  if (ids.length >= context) {
    return {
      problem:
        `Your text fills Sprout's context (${ids.length - 1} of ${context - 1} tokens after ◆): ` +
        'there is no room left to write.',
    };
  }
  const headDim = session.inputNames.includes('past_keys') ? info.head_dim : null;
  if (!headDim) return { problem: 'This model file cannot write: it keeps no keys and values.' };
  const on = new ort.Tensor('float32', headsOnArray(off, layers, heads), [layers, heads]);
  const rng = mulberry32(settings.seed);
  const maxTokens = Math.min(settings.maxTokens ?? MAX_NEW_TOKENS, MAX_NEW_TOKENS);
  const step = async (newIds, past) => {
    const P = past ? past.keys.dims[2] : 0;
    const nothing = () => new ort.Tensor('float32', new Float32Array(0), [layers, heads, 0, headDim]);
    const feeds = {
      ids: new ort.Tensor('int64', BigInt64Array.from(newIds, BigInt), [1, newIds.length]),
      heads_on: on,
      past_keys: past ? past.keys : nothing(),
      past_values: past ? past.values : nothing(),
    };
    const out = await session.run(feeds);
    past?.keys.dispose?.();
    past?.values.dispose?.();
    const T = newIds.length;
    const seen = P + T;
    const last = (T - 1) * vocab;
    // where each head looked from the last position: [layers, heads, seen]
    const rows = new Float32Array(layers * heads * seen);
    const a = out.attention.data;
    for (let lh = 0; lh < layers * heads; lh++) {
      const from = (lh * T + (T - 1)) * seen;
      rows.set(a.subarray(from, from + seen), lh * seen);
    }
    const logits = out.logits.data.slice(last, last + vocab);
    out.logits.dispose?.();
    out.attention.dispose?.();
    return { logits, rows, seen, past: { keys: out.keys, values: out.values } };
  };
  let state = await step(ids, null);
  let written = 0;
  try {
    for (;;) {
      if (stopped()) return { reason: 'stopped' };
      const chosen = choose(state.logits, settings, rng);
      if (chosen === tokenizer.startId) return { reason: 'start' };
      const alternatives = topNext(state.logits, 0, vocab, 5).map(({ id, p }) => ({
        id,
        p,
        token: tokenizer.display(id),
      }));
      written += 1;
      emit({
        ...(written === 1 ? { prompt: ids.map((id) => tokenizer.display(id)) } : {}),
        index: written - 1,
        id: chosen,
        token: tokenizer.display(chosen),
        alternatives,
        attention: state.rows,
        seen: state.seen,
      });
      if (written >= maxTokens) return { reason: 'length' };
      if (ids.length + written >= context) return { reason: 'context' };
      await yieldToMessages();
      if (stopped()) return { reason: 'stopped' };
      state = await step([chosen], state.past);
    }
  } finally {
    state.past.keys.dispose?.();
    state.past.values.dispose?.();
  }
}
