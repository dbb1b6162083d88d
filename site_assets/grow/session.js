// One race's bookkeeping, DOM-free (tested under Node): each toy's evaluations, steps, speed and
// phase change as its worker reports them, and what the page should do about each report.
import { phaseChangeStep } from './core.js';

export class RaceSession {
  /** layers: the depths raced; threshold: half of ln vocab. */
  constructor(layers, threshold) {
    this.threshold = threshold;
    this.models = layers.map((n) => ({
      layers: n,
      points: [], // [[step, held-out copy loss], ...]
      step: 0,
      perSecond: 0,
      phase: null,
      loss: null,
      ready: false,
      holding: false,
      done: false,
    }));
  }

  model(layers) {
    return this.models.find((m) => m.layers === layers);
  }

  /** Steps done by the slowest toy (a finished toy counts its last step). */
  slowestStep() {
    return this.models.length ? Math.min(...this.models.map((m) => m.step)) : 0;
  }

  allReady = () => this.models.every((m) => m.ready);
  allHolding = () => this.models.every((m) => m.holding || m.done);
  allDone = () => this.models.every((m) => m.done);

  /**
   * An evaluation of one toy: { found } when it is this toy's phase change, and { showHeads }
   * once the two-layer toy has dropped (each of its evaluations then refreshes the heads panel).
   */
  evaluation(layers, step, loss) {
    const model = this.model(layers);
    model.points.push([step, loss]);
    model.loss = loss;
    model.step = Math.max(model.step, step);
    const before = model.phase;
    model.phase = phaseChangeStep(model.points, this.threshold);
    return {
      found: before === null && model.phase !== null,
      showHeads: layers === 2 && model.phase !== null,
    };
  }

  progress(layers, step, perSecond) {
    Object.assign(this.model(layers), { step, perSecond });
  }

  resumed() {
    for (const model of this.models) model.holding = false;
  }

  /** "1:14.20 2:9.10": each toy's training steps a second lately. */
  speeds() {
    return this.models.map((m) => `${m.layers}:${m.perSecond.toFixed(2)}`).join(' ');
  }
}
