// The page's side of the layer race: one worker (worker.js) per depth, started when a
// reader presses Start and terminated by Reset or by the next Start (the last request wins; a
// race's messages reach the page only while it is the current race, so two never mix).

import { startModuleWorker } from '../common/worker.js';

const VENDOR = new URL('../../vendor/tfjs/', import.meta.url);
export const TFJS_URLS = {
  bundle: new URL('tfjs-train.mjs', VENDOR).href,
  wasmFolder: VENDOR.href,
};

/** Why this browser cannot race (a sentence), or null when it can. */
export function missingSupport(scope = globalThis) {
  const missing = [];
  if (typeof scope.Worker !== 'function') missing.push('Web Workers');
  if (typeof scope.WebAssembly !== 'object' || scope.WebAssembly === null) missing.push('WebAssembly');
  if (!missing.length) return null;
  return (
    `This browser has no ${missing.join(' and no ')}, which training in the page needs, so the race ` +
    'cannot run here. The rest of the page works as usual.'
  );
}

/**
 * new GrowRace({ spec, seed, layers, onMessage(layers, message) }): start() one worker per depth;
 * allow(slowest) (keeps the toys together), pause(), resume(), askAttention(number, rows), stop(). onMessage gets the workers' messages
 * (see worker.js) with the depth that sent each, and { type: 'error' } when a worker
 * cannot start or fails.
 */
export class GrowRace {
  constructor({ spec, seed, layers, onMessage, urls = TFJS_URLS }) {
    Object.assign(this, { spec, seed, layers, onMessage, urls });
    this.workers = new Map();
    this.stopped = false;
    this.lead = spec.eval_every; // how far the fastest toy may run ahead of the slowest
    this.allowed = this.lead;
  }

  start() {
    for (const layers of this.layers) {
      let worker;
      try {
        worker = startModuleWorker(new URL('./worker.js', import.meta.url));
      } catch (err) {
        this.fail(layers, `the training worker could not start: ${err.message}`);
        return;
      }
      worker.onmessage = (event) => {
        if (!this.stopped) this.onMessage(layers, event.data);
      };
      worker.onerror = (event) => {
        event.preventDefault?.();
        this.fail(layers, `the training worker failed${event.message ? `: ${event.message}` : ''}`);
      };
      this.workers.set(layers, worker);
      worker.postMessage({
        type: 'start',
        spec: this.spec,
        layers,
        seed: this.seed,
        allowed: this.lead,
        urls: this.urls,
      });
    }
  }

  fail(layers, message) {
    if (!this.stopped) this.onMessage(layers, { type: 'error', message });
  }

  send(message) {
    for (const worker of this.workers.values()) worker.postMessage(message);
  }

  pause() {
    this.send({ type: 'pause' });
  }

  resume() {
    this.send({ type: 'resume' });
  }

  /** Lets every toy train up to `lead` steps past `slowest` (the slowest toy's steps done). */
  allow(slowest) {
    if (slowest + this.lead > this.allowed) {
      this.allowed = slowest + this.lead;
      this.send({ type: 'allow', step: this.allowed });
    }
  }

  askAttention(number, rows) {
    this.send({ type: 'attention', number, rows });
  }

  stop() {
    this.stopped = true;
    for (const worker of this.workers.values()) worker.terminate();
    this.workers.clear();
  }
}
