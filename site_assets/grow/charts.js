// <sprout-grow>'s two views of a race: the loss chart, redrawn as the toys report, and the heads
// panel, drawn once every raced toy has sent its attention on the example asked for.
import { CHART_CSS, LossChart } from './chart.js';
import { HEADS_CSS, HeadsPanel } from './heads.js';

export const CHARTS_CSS = `${CHART_CSS}${HEADS_CSS}`;

export class RaceCharts {
  /** `another(number)`: asks the toys for their attention on example `number`. */
  constructor(another) {
    this.chart = new LossChart();
    this.heads = new HeadsPanel(() => another(this.example + 1));
    this.newRace();
  }

  /** A race starts: no example asked for yet, no attention heard. */
  newRace() {
    this.example = 0;
    this.attention = new Map();
  }

  hideHeads() {
    this.heads.element.hidden = true;
  }

  /** The loss curves of `models` (before a race, the two depths' empty axes). */
  drawLosses(race, models, fallbackWidth, dark) {
    const curves = models.length ? models : [1, 2].map((layers) => ({ layers, points: [], phase: null }));
    const width = this.chart.element.clientWidth || fallbackWidth || 600;
    this.chart.render(race, curves, width, dark);
  }

  /** One toy's attention on an example; an answer for an example no longer asked for is dropped. */
  heard(layers, message) {
    if (message.number !== this.example) return false;
    this.attention.set(layers, { layers, ...message });
    return true;
  }

  /** Draws the heads once all `count` toys have answered for the example; true when drawn. */
  drawHeads(race, count, dark) {
    if (!this.attention.size || !race) return false;
    const seen = [...this.attention.values()].filter((m) => m.number === this.example);
    if (seen.length !== count) return false;
    this.heads.render(
      seen.sort((a, b) => a.layers - b.layers),
      race.spec,
      dark,
    );
    return true;
  }
}
