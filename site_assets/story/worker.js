// The Web Worker behind "Try your own story": it downloads Sprout (ONNX) and onnxruntime-web's
// WebAssembly once (kept in the browser's Cache Storage), then tokenises and runs each story,
// so the page never freezes. One thread: no cross-origin isolation is needed.
//
// in:  { type: 'load', urls: { ort, tokenizers, wasm, model, tokenizer }, model: model.json }
//      { type: 'run', seq, text, truncate, off: [[layer, head], ...] (1-based; heads switched off) }
//      { type: 'write', seq, text, off, settings: { temperature, topK, seed, maxTokens } }
//      { type: 'remove-heads', seq, ids, token, heads }: the loss of the guess of ids[token]
//      with each head of `heads` (indices, layer by layer) off alone (out: 'removed' { seq, losses })
//      { type: 'stop', seq }: the write numbered seq ends before its next token
//      (writing: writer.js; out: 'written' per token, then 'write-done' { reason } or
//      'write-problem' { message } when the text or the settings cannot be written on)
// out: { type: 'progress', loaded, total } · { type: 'ready', seconds, cached, switches, guesses }
//      { type: 'too-long', seq, count, limit } · { type: 'result', seq, key, intact?, switched? }
//      { type: 'error', seq?, message }
// A run is the story with every head on (kept, so that switching heads reruns only the model
// with them off) and, when heads are off, the story again without them. Runs go one at a time;
// a request that arrives during a run replaces any request still waiting: the last one wins.
import { headsOnArray } from '../heads/off.js';
import { lossAt, tokenLosses } from './change.js';
import { headTypeScores, makeTokenizer, packAttention, topNext } from './core.js';
import { writeOn } from './writer.js';

const CACHE = 'sprout-browser-model';
let session = null;
let tokenizer = null;
let ort = null;
let info = null;
let switchInput = null; // the model's heads_on input, when the file has it
let intactKept = null; // { key, ids, ... }: the last story run with every head on

const post = (message, transfer = []) => postMessage(message, transfer);

/** The bytes at url, from Cache Storage when an earlier visit kept them; reports progress. */
async function download(url, expected, progress) {
  const cache = globalThis.caches ? await caches.open(CACHE).catch(() => null) : null;
  const kept = await cache?.match(url);
  if (kept) {
    const bytes = new Uint8Array(await kept.arrayBuffer());
    progress(bytes.length, true);
    return { bytes, cached: true };
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Could not load ${url}: HTTP ${response.status}`);
  const reader = response.body.getReader();
  const chunks = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.length;
    progress(loaded, false);
  }
  const bytes = new Uint8Array(loaded);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  if (expected && bytes.length !== expected) {
    throw new Error(`${url} has ${bytes.length} bytes, expected ${expected}: the site's files do not match`);
  }
  await cache
    ?.put(url, new Response(bytes, { headers: { 'Content-Type': 'application/octet-stream' } }))
    .catch(() => {});
  return { bytes, cached: false };
}

async function load({ urls, model, runtimeBytes }) {
  const started = performance.now();
  if (typeof WebAssembly !== 'object')
    throw new Error('This browser cannot run WebAssembly, which the model needs.');
  info = model;
  const total = model.bytes + (runtimeBytes || 0);
  const done = { wasm: 0, model: 0 };
  const report = (what) => (loaded) => {
    done[what] = loaded;
    post({ type: 'progress', loaded: done.wasm + done.model, total });
  };
  const [ortModule, tokenizersModule, tokenizerJson, wasm, onnx] = await Promise.all([
    import(urls.ort),
    import(urls.tokenizers),
    fetch(urls.tokenizer).then((r) => {
      if (!r.ok) throw new Error(`Could not load ${urls.tokenizer}: HTTP ${r.status}`);
      return r.json();
    }),
    download(urls.wasm, runtimeBytes, report('wasm')),
    download(urls.model, model.bytes, report('model')),
  ]);
  ort = ortModule;
  ort.env.wasm.numThreads = 1;
  ort.env.wasm.proxy = false;
  ort.env.wasm.wasmBinary = wasm.bytes.buffer;
  ort.env.wasm.wasmPaths = urls.wasmFolder;
  tokenizer = makeTokenizer(tokenizersModule.Tokenizer, tokenizerJson, model.start_id);
  session = await ort.InferenceSession.create(onnx.bytes, { executionProviders: ['wasm'] });
  post({
    type: 'ready',
    seconds: (performance.now() - started) / 1000,
    cached: wasm.cached && onnx.cached,
    switches: checkSwitches(model, session.inputNames),
    guesses: readsGuesses(),
  });
}

/** The switch input model.json names, if the file really has it: { available, input, problem }. */
function checkSwitches(model, inputNames) {
  const named = model.switch?.input ?? Object.keys(model.inputs || {}).find((name) => name !== 'ids');
  if (!named)
    return { available: false, input: null, problem: 'model.json names no input that switches heads' };
  if (!inputNames.includes(named)) {
    return {
      available: false,
      input: named,
      problem: `model.json names the input ${named}, but the model file has only ${inputNames.join(', ')}`,
    };
  }
  switchInput = named;
  return { available: true, input: named, problem: null };
}

/** Whether the file gives each head's direct effect on each guess (export_version 4). */
const readsGuesses = () => session.outputNames.includes('direct');

async function runModel(ids, off, outputs = ['logits', 'attention']) {
  const T = ids.length;
  const { layers, heads } = info;
  const feeds = { ids: new ort.Tensor('int64', BigInt64Array.from(ids, BigInt), [1, T]) };
  if (switchInput)
    feeds[switchInput] = new ort.Tensor('float32', headsOnArray(off, layers, heads), [layers, heads]);
  else if (off.length) throw new Error('this model file cannot switch heads off');
  if (session.inputNames.includes('past_keys')) {
    // a whole story: no keys and values kept from before (writer.js passes them)
    const none = [layers, heads, 0, info.head_dim];
    feeds.past_keys = new ort.Tensor('float32', new Float32Array(0), none);
    feeds.past_values = new ort.Tensor('float32', new Float32Array(0), none);
  }
  const ran = performance.now();
  const out = await session.run(feeds, outputs);
  return { out, seconds: (performance.now() - ran) / 1000 };
}

function guesses(logits, T, vocab) {
  return Array.from({ length: T }, (_, t) =>
    topNext(logits, t * vocab, vocab, 5).map(({ id, p }) => ({ id, p, token: tokenizer.display(id) })),
  );
}

/** The story with every head on: attention (packed), head-type scores, guesses and losses. */
async function runIntact(ids, key, truncated) {
  const started = performance.now();
  const T = ids.length;
  const { layers, heads, vocab_size: vocab } = info;
  const wanted = readsGuesses() ? ['logits', 'attention', 'direct'] : ['logits', 'attention'];
  const { out, seconds: modelSeconds } = await runModel(ids, [], wanted);
  const attention = out.attention.data;
  const logits = out.logits.data;
  const clock = performance.now();
  const packed = packAttention(attention, layers, heads, T);
  const packSeconds = (performance.now() - clock) / 1000;
  const result = {
    key,
    ids,
    tokens: ids.map((id) => tokenizer.display(id)),
    truncated,
    layers,
    heads,
    T,
    attention: packed,
    predictions: guesses(logits, T, vocab),
    losses: tokenLosses(logits, ids, vocab),
    direct: out.direct ? out.direct.data.slice() : null, // (layers, heads, T - 1): every guess's direct effects
    ...headTypeScores(attention, layers, heads, ids), // scores and counts
    seconds: { model: modelSeconds, pack: packSeconds, total: (performance.now() - started) / 1000 },
  };
  for (const tensor of Object.values(out)) tensor.dispose?.();
  return result;
}

/** The story again with `off` switched off: guesses and losses. */
async function runSwitched(ids, off) {
  const started = performance.now();
  const vocab = info.vocab_size;
  const { out, seconds } = await runModel(ids, off);
  const logits = out.logits.data;
  const result = {
    off,
    predictions: guesses(logits, ids.length, vocab),
    losses: tokenLosses(logits, ids, vocab),
    seconds: { model: seconds, total: (performance.now() - started) / 1000 },
  };
  out.attention.dispose?.();
  out.logits.dispose?.();
  return result;
}

async function run({ seq, text, truncate, off = [] }) {
  const key = `${truncate ? 1 : 0}:${text}`;
  let intact = null;
  if (intactKept?.key !== key) {
    let ids = tokenizer.encode(text);
    const limit = info.context;
    if (ids.length > limit) {
      if (!truncate) {
        post({ type: 'too-long', seq, count: ids.length - 1, limit: limit - 1 });
        return;
      }
      ids = ids.slice(0, limit);
    }
    intact = await runIntact(ids, key, truncate && ids.length === limit);
    intactKept = { key, ids };
  }
  const switched = off.length ? await runSwitched(intactKept.ids, off) : null;
  const transfer = intact ? [intact.attention.buffer, intact.losses.buffer] : [];
  if (intact?.direct) transfer.push(intact.direct.buffer);
  if (switched) transfer.push(switched.losses.buffer);
  post({ type: 'result', seq, key, intact, switched }, transfer);
}

/** The loss of the guess of ids[token] with each head of `heads` (indices, layer by layer)
 * switched off alone, as the switches remove it: the story up to that token run once per head,
 * reading only that guess. Several workers share one guess's heads (removal-pool.js). */
async function removeHeads({ seq, ids, token, heads }) {
  const { heads: perLayer, vocab_size: vocab } = info;
  if (!(token >= 1 && token < ids.length)) throw new Error(`token ${token} has no guess to read`);
  const story = ids.slice(0, token + 1);
  const losses = new Float32Array(heads.length);
  for (const [n, i] of heads.entries()) {
    const { out } = await runModel(story, [[Math.floor(i / perLayer) + 1, (i % perLayer) + 1]], ['logits']);
    losses[n] = lossAt(out.logits.data, (token - 1) * vocab, vocab, story[token]);
    for (const tensor of Object.values(out)) tensor.dispose?.();
  }
  post({ type: 'removed', seq, losses }, [losses.buffer]);
}

let stopAsked = 0; // the seq of the last write the reader stopped

async function write({ seq, text, off = [], settings }) {
  const ended = await writeOn(
    { ort, session, tokenizer, info },
    { text, off: switchInput ? off : [], settings },
    (token) => post({ type: 'written', seq, ...token }, [token.attention.buffer]),
    () => stopAsked === seq,
  );
  if (ended.problem) post({ type: 'write-problem', seq, message: ended.problem });
  else post({ type: 'write-done', seq, reason: ended.reason });
}

let waiting = null; // the newest run or write not yet started
let waitingRemoval = null; // the newest remove-heads not yet started: it waits for any run before it
let running = false;

async function drain() {
  if (running) return;
  running = true;
  while (waiting || waitingRemoval) {
    const request = waiting || waitingRemoval;
    if (request === waiting) waiting = null;
    else waitingRemoval = null;
    try {
      const act = { write, run, 'remove-heads': removeHeads }[request.type];
      await act(request);
    } catch (err) {
      post({ type: 'error', seq: request.seq, message: err?.message || String(err) });
    }
  }
  running = false;
}

onmessage = async (event) => {
  const message = event.data;
  try {
    if (message.type === 'load') await load(message);
    else if (message.type === 'stop') stopAsked = message.seq;
    else if (message.type === 'remove-heads') {
      waitingRemoval = message;
      drain();
    } else if (message.type === 'run' || message.type === 'write') {
      waiting = message;
      drain();
    }
  } catch (err) {
    post({ type: 'error', message: err?.message || String(err) });
  }
};
