// The page's side of the story worker (worker.js): starting it, loading the model
// once, and runs where the last request wins. Every request gets a number; an answer to an older
// one is never shown (its story with every head on is still kept: a later answer may rely on it).

import { sentence } from '../common/format.js';
import { startModuleWorker } from '../common/worker.js';
import { RemovalPool } from './removal-pool.js';

const VENDOR = new URL('../../vendor/', import.meta.url);
export const RUNTIME_INFO = new URL('onnxruntime/runtime.json', VENDOR);

/**
 * new StoryRunner({ onProgress(loaded, total) }); `await runner.start(info, runtime, urls)` once
 * (info: model.json, runtime: runtime.json); then `runner.run({ text, truncate, off })` resolves
 * with { kind: 'result', intact, switched, seq } or { kind: 'too-long', count, limit }, or
 * { kind: 'stale' } when a newer request came first; it rejects with the worker's error.
 */
export class StoryRunner {
  constructor({ onProgress }) {
    this.onProgress = onProgress;
    this.seq = 0;
    this.waiting = new Map(); // seq -> { resolve, reject }
    this.intactKept = new Map(); // key -> the story with every head on (the last two)
  }

  start(info, runtime, modelUrl, tokenizerUrl) {
    if (this.loading) return this.loading;
    this.info = info;
    this.loading = new Promise((resolve, reject) => {
      let worker;
      try {
        if (typeof WebAssembly !== 'object') throw new Error('this browser cannot run WebAssembly');
        worker = startModuleWorker(new URL('./worker.js', import.meta.url));
      } catch (err) {
        reject(new Error(sentence(`The model cannot run here: ${err.message}`), { cause: err }));
        return;
      }
      this.worker = worker;
      const workerUrl = new URL('./worker.js', import.meta.url);
      worker.onerror = (event) => {
        event.preventDefault?.();
        reject(
          new Error(
            sentence(`The model's runtime failed to start${event.message ? `: ${event.message}` : ''}`),
          ),
        );
      };
      worker.onmessage = (event) => {
        const m = event.data;
        if (m.type === 'progress') this.onProgress(m.loaded, m.total);
        else if (m.type === 'ready') {
          this.loadSeconds = m.seconds;
          this.switches = m.switches;
          this.readsGuesses = m.guesses;
          worker.onmessage = (e) => this.onMessage(e.data);
          resolve(this);
        } else if (m.type === 'error')
          reject(new Error(sentence(`The model could not be loaded: ${m.message}`)));
      };
      const vendor = (path) => new URL(path, VENDOR).href;
      const loadMessage = {
        type: 'load',
        model: info,
        runtimeBytes: runtime.bytes,
        urls: {
          ort: vendor('onnxruntime/ort.wasm.min.mjs'),
          wasm: vendor(`onnxruntime/${runtime.wasm}`),
          wasmFolder: vendor('onnxruntime/'),
          tokenizers: vendor('tokenizers/tokenizers.min.mjs'),
          model: modelUrl,
          tokenizer: tokenizerUrl,
        },
      };
      this.removals = new RemovalPool(workerUrl, loadMessage, this);
      worker.postMessage(loadMessage);
    });
    this.loading.catch(() => this.stop());
    return this.loading;
  }

  stop() {
    this.stopWriting();
    this.removals?.stop();
    this.worker?.terminate();
    this.worker = null;
    this.loading = null;
    for (const { resolve } of this.waiting.values()) resolve({ kind: 'stale' });
    this.waiting.clear();
  }

  run({ text, truncate, off }) {
    const seq = ++this.seq;
    this.removals?.cancel();
    // an older request still waiting will never be shown
    for (const [older, { resolve }] of this.waiting) {
      resolve({ kind: 'stale' });
      this.waiting.delete(older);
    }
    return new Promise((resolve, reject) => {
      this.waiting.set(seq, { resolve, reject });
      this.worker.postMessage({ type: 'run', seq, text, truncate, off });
    });
  }

  /**
   * Each head removed alone from the guess of token `token` of `story` (a result's intact run:
   * { ids, losses, key }), spread over the removal pool; onProgress(done) after each head.
   * Resolves with { kind: 'removals', token, key, removal (layers x heads, nats), seconds }, or
   * { kind: 'stale' } when a run came after it.
   */
  async removeEach(story, token, onProgress) {
    const { ids, losses, key } = story;
    if (!(token >= 1 && token < ids.length)) throw new Error(`token ${token} has no guess to read`);
    const heads = this.info.layers * this.info.heads;
    const answer = await this.removals.remove({ ids, token, heads, intact: losses[token] }, onProgress);
    return answer.kind === 'removals' ? { ...answer, token, key } : answer;
  }

  /** The story worker's part of the pool: the guess's loss with each of `heads` off alone. */
  removeHeads(ids, token, heads) {
    const seq = ++this.seq;
    return new Promise((resolve, reject) => {
      this.waiting.set(seq, { resolve, reject });
      this.worker.postMessage({ type: 'remove-heads', seq, ids, token, heads });
    });
  }

  /**
   * Write on from `text` with `off` heads off; onToken(token) for each token as it comes. Resolves
   * with { kind: 'done', reason } or { kind: 'problem', message }; rejects with the worker's error.
   */
  write({ text, off, settings }, onToken) {
    const seq = ++this.seq;
    return new Promise((resolve, reject) => {
      this.writing = { seq, onToken, resolve, reject };
      this.worker.postMessage({ type: 'write', seq, text, off, settings });
    });
  }

  /** End the write in progress now: its promise resolves with reason 'stopped'. */
  stopWriting() {
    const writing = this.writing;
    if (!writing) return;
    this.writing = null;
    this.worker?.postMessage({ type: 'stop', seq: writing.seq });
    writing.resolve({ kind: 'done', reason: 'stopped' });
  }

  onMessage(m) {
    if (
      m.type === 'written' ||
      m.type.startsWith('write-') ||
      (m.type === 'error' && m.seq === this.writing?.seq)
    ) {
      const writing = this.writing;
      if (!writing || writing.seq !== m.seq) return; // a write already stopped
      if (m.type === 'written') {
        writing.onToken(m);
        return;
      }
      this.writing = null;
      if (m.type === 'error') writing.reject(new Error(m.message));
      else if (m.type === 'write-problem') writing.resolve({ kind: 'problem', message: m.message });
      else writing.resolve({ kind: 'done', reason: m.reason });
      return;
    }
    if (m.intact) {
      this.intactKept.set(m.key, m.intact);
      if (this.intactKept.size > 2) this.intactKept.delete(this.intactKept.keys().next().value);
    }
    const waiting = this.waiting.get(m.seq);
    if (!waiting) return; // a stale answer
    this.waiting.delete(m.seq);
    if (m.type === 'error') waiting.reject(new Error(m.message));
    else if (m.type === 'removed') waiting.resolve(m);
    else if (m.type === 'too-long') waiting.resolve({ kind: 'too-long', count: m.count, limit: m.limit });
    else if (m.type === 'result') {
      const intact = this.intactKept.get(m.key);
      if (!intact) waiting.reject(new Error('the story with every head on was lost; press Analyse again'));
      else waiting.resolve({ kind: 'result', seq: m.seq, intact, switched: m.switched });
    }
  }
}
