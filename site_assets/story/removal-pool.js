// "Which heads made this guess" removes each of the 48 heads alone and reruns the story up to the
// guess: 48 independent runs of the model. One WebAssembly thread runs them one after another;
// threads inside one runtime would need the page to be cross-origin isolated, which a plain
// static host cannot promise. So the runs are spread over copies of the story worker instead,
// one per core the browser reports (at most four; two on a touch screen or a device that reports
// little memory, since each copy holds a model of its own): the story's own worker takes heads
// from the same queue, and the copies join as soon as they have loaded the model from the
// browser's cache.

import { startModuleWorker } from '../common/worker.js';

const MOST_WORKERS = 4;

/** How many workers share the removals, the story's own included; `touch`: the main pointer is
 * a finger (phones and tablets, which seldom report their memory). */
export function poolSize(
  nav = globalThis.navigator,
  touch = globalThis.matchMedia?.('(pointer: coarse)').matches,
) {
  const cores = nav?.hardwareConcurrency || 1;
  const small = touch || (nav?.deviceMemory && nav.deviceMemory < 4);
  const most = small ? 2 : MOST_WORKERS;
  return Math.max(1, Math.min(most, cores));
}

/** One more copy of the story worker (worker.js), loaded with the story's own load message. */
class Copy {
  constructor(url, loadMessage) {
    this.pending = new Map(); // seq -> { resolve, reject }
    this.seq = 0;
    this.ready = new Promise((resolve, reject) => {
      this.worker = startModuleWorker(url);
      this.worker.onerror = (event) => {
        event.preventDefault?.();
        reject(new Error(event.message || 'a removal worker stopped'));
      };
      this.worker.onmessage = ({ data: m }) => {
        if (m.type === 'ready') resolve(this);
        else if (m.type === 'error' && m.seq === undefined) reject(new Error(m.message));
        else this.answer(m);
      };
      this.worker.postMessage(loadMessage);
    });
  }

  answer(m) {
    const waiting = this.pending.get(m.seq);
    if (!waiting) return; // a download's progress
    this.pending.delete(m.seq);
    if (m.type === 'error') waiting.reject(new Error(m.message));
    else waiting.resolve(m);
  }

  removeHeads(ids, token, heads) {
    const seq = ++this.seq;
    return new Promise((resolve, reject) => {
      this.pending.set(seq, { resolve, reject });
      this.worker.postMessage({ type: 'remove-heads', seq, ids, token, heads });
    });
  }

  stop() {
    this.worker.terminate();
  }
}

/**
 * new RemovalPool(workerUrl, loadMessage, own, size): `own` is the story's worker, an object
 * whose removeHeads(ids, token, heads) resolves with { losses } or { kind: 'stale' }. `size - 1`
 * copies start at the first `remove` and stay for the next ones until stop(); startCopy makes
 * one ({ ready: a promise, removeHeads, stop }).
 */
export class RemovalPool {
  constructor(
    workerUrl,
    loadMessage,
    own,
    size = poolSize(),
    startCopy = (url, message) => new Copy(url, message),
  ) {
    this.workerUrl = workerUrl;
    this.loadMessage = loadMessage;
    this.own = own;
    this.size = size;
    this.startCopy = startCopy;
    this.copies = null;
    this.job = null;
  }

  /**
   * The loss of the guess of ids[token] with each head switched off alone, minus `intact` (the
   * loss with every head on), layer by layer: { kind: 'removals', removal (Float32Array of
   * heads), seconds }, or { kind: 'stale' } when cancel() came first. onProgress(done) after
   * each head.
   */
  remove({ ids, token, heads, intact }, onProgress = () => {}) {
    this.cancel();
    this.copies ??= Array.from({ length: this.size - 1 }, () =>
      this.startCopy(this.workerUrl, this.loadMessage),
    );
    const started = performance.now();
    const removal = new Float32Array(heads);
    const queue = Array.from({ length: heads }, (_, i) => i);
    let done = 0;
    return new Promise((resolve, reject) => {
      const job = { resolve };
      this.job = job;
      const running = new Set(); // the workers taking heads now
      const end = () => {
        if (this.job === job) this.job = null;
      };
      const finish = (answer) => {
        end();
        resolve(answer);
      };
      const take = async (worker, isOwn) => {
        running.add(worker);
        try {
          while (this.job === job && queue.length) {
            const head = queue.shift();
            let answer;
            try {
              answer = await worker.removeHeads(ids, token, [head]);
            } catch (err) {
              if (isOwn) {
                end();
                reject(err);
                return;
              }
              // a copy that failed leaves its head to the others, the story's worker at least
              queue.push(head);
              worker.stop();
              this.copies = this.copies.filter((copy) => copy !== worker);
              running.delete(worker);
              if (!running.has(this.own)) take(this.own, true);
              return;
            }
            if (this.job !== job) return;
            if (answer.kind === 'stale') {
              finish({ kind: 'stale' });
              return;
            }
            removal[head] = answer.losses[0] - intact;
            onProgress(++done);
            if (done === heads)
              finish({ kind: 'removals', removal, seconds: (performance.now() - started) / 1000 });
          }
        } finally {
          running.delete(worker);
        }
      };
      take(this.own, true);
      for (const copy of this.copies) {
        copy.ready.then(
          () => take(copy, false),
          () => {
            copy.stop(); // a copy that cannot load leaves the heads to the others
            this.copies = this.copies.filter((c) => c !== copy);
          },
        );
      }
    });
  }

  /** The removals under way, if any, answer { kind: 'stale' }. */
  cancel() {
    const job = this.job;
    this.job = null;
    job?.resolve({ kind: 'stale' });
  }

  stop() {
    this.cancel();
    for (const copy of this.copies || []) copy.stop();
    this.copies = null;
  }
}
