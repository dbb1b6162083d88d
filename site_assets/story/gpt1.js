// Sprout against gpt-1 on the reader's story: gpt-1 (one block of four heads, a few MB) is fetched
// only when the reader asks, runs in a worker of its own, and the page shows both models' loss
// at each token: a strip coloured by the difference, and a sentence saying where Sprout wins and
// loses most. gpt-1 reads at most its context (256 tokens), so longer stories are compared on
// their start.
import { el } from '../common/dom.js';
import { formatPercent, quoted } from '../common/format.js';
import { changeRgb, meanLoss, signedNats } from './change.js';
import { StoryRunner } from './runner.js';

export const GPT1_CSS = `
.versus-strip { display: flex; flex-wrap: wrap; gap: 0.2rem 0.1rem; padding: 0.4rem; border-radius: 0.25rem; background: var(--code-bg); font-size: 0.95rem; line-height: 1.3; }
.versus-strip .v-tok { display: inline-flex; flex-direction: column; }
.versus-strip .v-text { padding: 0.05rem 0.15rem; white-space: pre; }
.versus-strip .v-bar { height: 0.35rem; border-radius: 0.1rem; }
.versus .table-box { max-height: 16rem; overflow: auto; }
`;

/**
 * The winners and losers of a comparison: tokens t in [1, n) ranked by gpt-1's loss minus
 * Sprout's (positive: Sprout guessed better). Returns { n, sprout, gpt1, wins, losses } (means in
 * nats; wins/losses: up to k { t, gap } each, largest first).
 */
export function compareLosses(sprout, gpt1, k = 3) {
  const n = Math.min(sprout.length, gpt1.length);
  const order = [];
  for (let t = 1; t < n; t++) order.push({ t, gap: gpt1[t] - sprout[t] });
  order.sort((a, b) => b.gap - a.gap || a.t - b.t);
  return {
    n,
    sprout: meanLoss(sprout, 1, n),
    gpt1: meanLoss(gpt1, 1, n),
    wins: order.filter((o) => o.gap > 0).slice(0, k),
    losses: order
      .filter((o) => o.gap < 0)
      .slice(-k)
      .reverse(),
  };
}

/** The comparison in words. */
export function compareSentence(tokens, sprout, gpt1) {
  const c = compareLosses(sprout, gpt1);
  const name = (o) =>
    `${quoted(tokens[o.t])} (token ${o.t}: Sprout ${formatPercent(Math.exp(-sprout[o.t]))}, ` +
    `gpt-1 ${formatPercent(Math.exp(-gpt1[o.t]))})`;
  const over =
    c.n < tokens.length ? `On the first ${c.n - 1} tokens (gpt-1 reads no more), ` : 'On your story, ';
  let text =
    `${over}Sprout's loss is ${c.sprout.toFixed(2)} nats per token and gpt-1's ${c.gpt1.toFixed(2)} ` +
    `(${signedNats(c.gpt1 - c.sprout)} for gpt-1).`;
  text += c.wins.length
    ? ` Sprout wins most at ${c.wins.map(name).join(', ')}.`
    : ' Sprout guesses no token better.';
  text += c.losses.length
    ? ` gpt-1 wins most at ${c.losses.map(name).join(', ')}.`
    : ' gpt-1 guesses no token better.';
  return text;
}

/** The section and its worker: `.element` to place; compare({ text, tokens, losses }) after a run. */
export class Gpt1Comparison {
  constructor({ infoUrl, runtime, base, dark }) {
    this.infoUrl = infoUrl;
    this.runtime = runtime;
    this.base = base;
    this.dark = dark;
    this.element = el('section', 'versus');
    const title = el('h4', '', 'Sprout against gpt-1');
    this.about = el('p', 'hint');
    this.button = el('button', '', 'Compare with gpt-1');
    this.button.type = 'button';
    this.button.className = 'compare-gpt1';
    this.button.addEventListener('click', () => this.start());
    this.error = el('p', 'error gpt1-error');
    this.error.setAttribute('role', 'alert');
    this.error.hidden = true;
    this.sentence = el('p', 'versus-sentence');
    this.sentence.setAttribute('aria-live', 'polite');
    this.strip = el('div', 'versus-strip');
    this.strip.setAttribute('role', 'group');
    this.strip.setAttribute('aria-label', 'Your story: under each token, which model guessed it better');
    this.strip.hidden = true;
    this.legend = el(
      'p',
      'hint versus-legend',
      'Strip under each token: blue where Sprout guessed it better than gpt-1, vermilion where gpt-1 did, stronger for a larger gap (4 nats or more: full colour).',
    );
    this.legend.hidden = true;
    this.element.append(title, this.about, this.button, this.error, this.sentence, this.legend, this.strip);
  }

  async describe() {
    try {
      this.info ||= await (await fetch(this.infoUrl)).json();
      this.about.textContent =
        `gpt-1 has one block of ${this.info.heads} heads. Comparing downloads it ` +
        `(${(this.info.bytes / 1e6).toFixed(1)} MB) and reads your story with it, here in your browser.`;
    } catch {
      this.about.textContent = '';
    }
  }

  async start() {
    this.button.disabled = true;
    this.error.hidden = true;
    try {
      if (!this.info) this.info = await (await fetch(this.infoUrl)).json();
      this.sentence.textContent = 'Loading gpt-1…';
      this.runner ||= new StoryRunner({
        onProgress: (loaded, total) => {
          this.sentence.textContent = `Downloading gpt-1: ${(loaded / 1e6).toFixed(1)} of ${(total / 1e6).toFixed(1)} MB…`;
        },
      });
      await this.runner.start(
        this.info,
        this.runtime,
        new URL(this.info.file, this.base).href,
        new URL(this.info.tokenizer, this.base).href,
      );
      this.wanted = true;
      if (this.story) await this.run();
    } catch (err) {
      this.error.hidden = false;
      this.error.textContent = `gpt-1 could not be loaded: ${err.message}`;
      this.sentence.textContent = '';
      this.button.disabled = false;
    }
  }

  /** Sprout's run of a story (whole): compared at once when gpt-1 is loaded, else kept for later. */
  compare(story) {
    this.story = story;
    if (this.wanted) this.run();
  }

  async run() {
    const story = this.story;
    const answer = await this.runner.run({ text: story.text, truncate: true, off: [] });
    if (answer.kind !== 'result' || story !== this.story) return; // a newer story is on its way
    this.gpt1 = answer.intact.losses;
    this.draw();
  }

  setDark(dark) {
    this.dark = dark;
    if (this.gpt1) this.draw();
  }

  draw() {
    const { tokens, losses } = this.story;
    const gpt1 = this.gpt1;
    this.sentence.textContent = compareSentence(tokens, losses, gpt1);
    const bg = this.dark ? [36, 38, 50] : [255, 255, 255];
    const cells = tokens.map((token, t) => {
      const cell = el('span', 'v-tok');
      cell.dataset.index = String(t);
      const bar = el('span', 'v-bar');
      bar.setAttribute('aria-hidden', 'true');
      if (t > 0 && t < gpt1.length) {
        // negative: Sprout better (blue), as a change in loss from Sprout to gpt-1 reads
        const gap = gpt1[t] - losses[t];
        bar.style.background = `rgb(${changeRgb(-gap, bg).join(', ')})`;
        cell.dataset.gap = gap.toFixed(3);
      }
      cell.append(el('span', 'v-text', token.replace(/\n/g, '↵')), bar);
      return cell;
    });
    this.strip.replaceChildren(...cells);
    this.strip.hidden = false;
    this.legend.hidden = false;
    this.element.setAttribute('data-compared', String(gpt1.length));
  }

  stop() {
    this.runner?.stop();
  }
}
