// The Web Worker behind "Try your own story": it downloads Sprout (ONNX) and onnxruntime-web's
// WebAssembly once (kept in the browser's Cache Storage), then tokenises and runs each story,
// so the page never freezes. One thread: no cross-origin isolation is needed.
//
// in:  { type: 'load', urls: { ort, tokenizers, wasm, model, tokenizer }, model: model.json }
//      { type: 'analyse', text, truncate, headsOn } (headsOn: layers x heads numbers, 1 on, 0 off;
//      every head on when absent)
// out: { type: 'progress', loaded, total } · { type: 'ready', seconds, cached }
//      { type: 'too-long', count, limit } · { type: 'result', ... } · { type: 'error', message }
import { headTypeScores, makeTokenizer, packAttention, topNext } from './sprout-story-core.js';

const CACHE = 'sprout-browser-model';
let session = null;
let tokenizer = null;
let ort = null;
let info = null;

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
  post({ type: 'ready', seconds: (performance.now() - started) / 1000, cached: wasm.cached && onnx.cached });
}

async function analyse({ text, truncate, headsOn }) {
  const started = performance.now();
  let ids = tokenizer.encode(text);
  const limit = info.context;
  if (ids.length > limit) {
    if (!truncate) {
      post({ type: 'too-long', count: ids.length - 1, limit: limit - 1 });
      return;
    }
    ids = ids.slice(0, limit);
  }
  const T = ids.length;
  const { layers, heads, vocab_size: vocab } = info;
  const input = new ort.Tensor('int64', BigInt64Array.from(ids, BigInt), [1, T]);
  const on = headsOn ? Float32Array.from(headsOn) : new Float32Array(layers * heads).fill(1);
  const switches = new ort.Tensor('float32', on, [layers, heads]);
  const ran = performance.now();
  const out = await session.run({ ids: input, heads_on: switches });
  const modelSeconds = (performance.now() - ran) / 1000;
  const attention = out.attention.data;
  const logits = out.logits.data;
  const clock = performance.now();
  const packed = packAttention(attention, layers, heads, T);
  const packSeconds = (performance.now() - clock) / 1000;
  const scores = headTypeScores(attention, layers, heads, ids);
  const predictions = Array.from({ length: T }, (_, t) =>
    topNext(logits, t * vocab, vocab, 5).map(({ id, p }) => ({ id, p, token: tokenizer.display(id) })),
  );
  out.attention.dispose?.();
  out.logits.dispose?.();
  post(
    {
      type: 'result',
      ids,
      tokens: ids.map((id) => tokenizer.display(id)),
      truncated: truncate && T === limit,
      layers,
      heads,
      T,
      attention: packed,
      predictions,
      scores,
      seconds: { model: modelSeconds, pack: packSeconds, total: (performance.now() - started) / 1000 },
    },
    [packed.buffer],
  );
}

onmessage = async (event) => {
  const message = event.data;
  try {
    if (message.type === 'load') await load(message);
    else if (message.type === 'analyse') await analyse(message);
  } catch (err) {
    post({ type: 'error', message: err?.message || String(err) });
  }
};
