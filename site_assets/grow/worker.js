// A Web Worker (module) that trains one toy of the layer race with TensorFlow.js's WebAssembly
// backend, so the page never freezes; <sprout-grow> starts one per depth, side by side.
//
// in:  { type: 'start', spec, layers, seed, allowed, urls: { bundle, wasmFolder } }
//      { type: 'pause' } · { type: 'resume' } · { type: 'attention', number, rows }
//      { type: 'allow', step }: take no step at or past `step` until a later 'allow' (the page keeps
//      the toys within one evaluation of each other, so their curves advance together)
// out: { type: 'ready', backend, seconds }
//      { type: 'eval', step, loss }           the held-out copy loss at step 0 and every eval_every
//      { type: 'progress', step, perSecond }  steps done; training steps a second lately
//      { type: 'attention', number, step, batch, weights, previous, induction }
//      { type: 'holding', step }            paused: no step is taken until 'resume'
//      { type: 'finished', step } · { type: 'diverged', step } · { type: 'error', message }
// Between two steps the loop gives way to messages (pause, attention); while paused it waits.
// The page ends a race by terminating the worker.
import { exampleBatch, heldoutBatch } from './data.js';
import { batchTensors, ToyTrainer } from './model.js';
import { inductionScores, previousTokenScores } from './scores.js';

let tf = null;
let trainer = null;
let spec = null;
let seed = 0;
let stepsDone = 0;
let paused = false;
let allowed = Infinity; // the page keeps the toys in step: no step at or past this one yet
let wake = null; // resolves the wait of a held loop

const post = (message, transfer = []) => postMessage(message, transfer);

async function loadTensorFlow(urls) {
  const started = performance.now();
  if (typeof WebAssembly !== 'object') throw new Error('this browser cannot run WebAssembly');
  tf = await import(urls.bundle);
  // one thread: the threaded build needs a cross-origin-isolated page, which a static host does not give
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  tf.setWasmPaths(urls.wasmFolder);
  if (!(await tf.setBackend('wasm'))) throw new Error("TensorFlow.js's WebAssembly backend did not start");
  await tf.ready();
  return { backend: tf.getBackend(), seconds: (performance.now() - started) / 1000 };
}

// a macrotask through a message channel: unlike setTimeout(0), never clamped to 4 ms
const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => waiting.shift()?.();
const nextTask = () =>
  new Promise((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(0);
  });

/** Lets messages in (pause, allow, attention) between two steps; waits while paused or ahead. */
async function giveWay() {
  await nextTask();
  while (paused || stepsDone >= allowed) {
    if (paused) post({ type: 'holding', step: stepsDone });
    await new Promise((resolve) => {
      wake = resolve;
    });
  }
}

function wakeUp() {
  const resolve = wake;
  wake = null;
  resolve?.();
}

/** Training steps a second over the last few steps. */
function speedometer(window = 20) {
  const times = [];
  return (seconds) => {
    times.push(seconds);
    if (times.length > window) times.shift();
    const total = times.reduce((a, b) => a + b, 0);
    return total > 0 ? times.length / total : 0;
  };
}

async function race(message) {
  spec = message.spec;
  seed = message.seed;
  allowed = message.allowed ?? Infinity;
  const loaded = await loadTensorFlow(message.urls);
  trainer = new ToyTrainer(tf, spec, message.layers, message.seed);
  post({ type: 'ready', ...loaded });
  const heldout = batchTensors(tf, heldoutBatch(spec), spec, { copyOnly: true });
  const speed = speedometer();
  let reported = 0;
  for (let step = 0; step <= spec.steps; step++) {
    stepsDone = step;
    if (step % spec.eval_every === 0) {
      const loss = trainer.loss(heldout);
      if (!Number.isFinite(loss)) return post({ type: 'diverged', step });
      post({ type: 'eval', step, loss });
    }
    if (step === spec.steps) break;
    await giveWay();
    const began = performance.now();
    const loss = trainer.step(step);
    const now = performance.now();
    const perSecond = speed((now - began) / 1000);
    if (!Number.isFinite(loss)) return post({ type: 'diverged', step: step + 1 });
    if (now - reported > 100 || (step + 1) % spec.eval_every === 0) {
      reported = now;
      post({ type: 'progress', step: step + 1, perSecond });
    }
  }
  post({ type: 'finished', step: spec.steps });
}

/** The toy's attention on example `number` of the seed's example stream (rows of them, row 0 shown). */
function attention({ number, rows }) {
  if (!trainer) return;
  const batch = exampleBatch(spec, seed, number, rows);
  const tensors = batchTensors(tf, batch, spec);
  const weights = trainer.attention(tensors);
  tensors.dispose();
  post(
    {
      type: 'attention',
      number,
      step: stepsDone,
      batch,
      weights,
      previous: previousTokenScores(weights, rows, spec.heads, spec.seq_len),
      induction: inductionScores(weights, batch, spec.heads),
    },
    weights.map((w) => w.buffer),
  );
}

onmessage = (event) => {
  const message = event.data;
  if (message.type === 'start') {
    race(message).catch((err) => post({ type: 'error', message: err?.message || String(err) }));
  } else if (message.type === 'pause') {
    paused = true;
    wakeUp(); // a loop held by 'allow' says it is holding, too
  } else if (message.type === 'resume') {
    paused = false;
    wakeUp();
  } else if (message.type === 'allow') {
    allowed = message.step;
    wakeUp();
  } else if (message.type === 'attention') {
    try {
      attention(message);
    } catch (err) {
      post({ type: 'error', message: err?.message || String(err) });
    }
  }
};
