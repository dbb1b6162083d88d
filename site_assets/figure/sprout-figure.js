// <sprout-figure src="figure.json" plotly="plotly.min.js" stills="stills/f1" name="f1">: one of
// the chapter's Plotly charts. With `stills`, the page shows a still SVG of the chart
// (`${stills}-wide-light.svg` and its narrow and dark twins, drawn by build_site/stills.py) and
// loads Plotly (1.3 MB, seconds of main-thread time on a slow phone) only when a mouse rests on
// the chart or the reader clicks it; without, the chart is drawn when it first comes into view.
// Colours follow the light/dark palette live, and below the chart a summary for screen readers,
// the numbers as a table and CSV/JSON downloads are offered.
import { define } from '../common/element.js';
import { fetchJson, whenVisible } from '../common/load.js';
import { isDark, watchTheme } from '../common/theme.js';
import { figureSummary, figureTable, toCsv } from './data.js';
import { NARROW, PLOTLY_CONFIG, STILL_WIDTHS, chartHeight, chartLayout, themeUpdate } from './layout.js';

const TABLE_ROWS = 400; // a longer table is cut (the CSV holds every row)
const HIDDEN =
  'position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);' +
  'clip-path:inset(50%);white-space:nowrap';
const REST_MS = 200; // a mouse that stays this long on a still asks for the live chart

const plotlyLoads = new Map(); // one <script> per bundle URL, shared by every figure

function loadPlotly(url) {
  if (window.Plotly) return Promise.resolve(window.Plotly);
  if (!plotlyLoads.has(url)) {
    plotlyLoads.set(
      url,
      new Promise((resolve, reject) => {
        const script = document.createElement('script');
        script.src = url;
        script.onload = () => resolve(window.Plotly);
        script.onerror = () => {
          plotlyLoads.delete(url); // a later click may try again
          reject(new Error(`could not load Plotly from ${url}`));
        };
        document.head.append(script);
      }),
    );
  }
  return plotlyLoads.get(url);
}

class SproutFigure extends HTMLElement {
  connectedCallback() {
    this.alive = true;
    this.style.position = 'relative'; // the live chart is drawn over the still, then replaces it
    this.stopWatching = watchTheme(() => this.applyTheme());
    if (this.hasAttribute('stills')) this.showStill();
    whenVisible(this).then(() => this.alive && this.start());
  }

  disconnectedCallback() {
    this.alive = false;
    this.stopWatching?.();
    this.sizes?.disconnect();
    cancelAnimationFrame(this.sizing);
    if (this.plot && window.Plotly) window.Plotly.purge(this.plot);
  }

  showStill() {
    this.still = document.createElement('img');
    this.still.className = 'sprout-figure-still';
    this.still.alt = ''; // the summary and the table below say what it shows
    this.still.loading = 'lazy';
    this.still.decoding = 'async';
    this.still.style.cssText = 'display:block;width:100%;height:auto;cursor:pointer';
    this.still.addEventListener('error', () => this.dropStill(), { once: true });
    this.prepend(this.still);
    // the narrow or wide still, as the element's width asks (it is known once laid out). The
    // still is sized in the next frame, not in the callback: a callback that resizes the element
    // (and so <main> and <body>, which MkDocs Material observes too) leaves notifications
    // undelivered, and every browser then reports "ResizeObserver loop completed with
    // undelivered notifications" as an error on the window.
    this.sizes = new ResizeObserver(([entry]) => {
      this.width = entry.contentRect.width;
      cancelAnimationFrame(this.sizing);
      this.sizing = requestAnimationFrame(() => this.pickStill());
    });
    this.sizes.observe(this);
    let resting;
    this.still.addEventListener('pointerenter', (event) => {
      if (event.pointerType !== 'touch') resting = setTimeout(() => this.goLive(), REST_MS);
    });
    this.still.addEventListener('pointerleave', () => clearTimeout(resting));
    this.still.addEventListener('click', () => this.goLive());
  }

  pickStill() {
    if (!this.still || !this.width) return;
    const size = this.width < NARROW ? 'narrow' : 'wide';
    const height = Number(this.getAttribute('still-height')) || (this.figure && chartHeight(this.figure));
    if (height) {
      // with both, the box keeps the still's shape before it loads
      this.still.width = STILL_WIDTHS[size];
      this.still.height = height;
    }
    const src = `${this.getAttribute('stills')}-${size}-${isDark() ? 'dark' : 'light'}.svg`;
    if (this.still.getAttribute('src') !== src) this.still.src = src;
  }

  dropStill() {
    this.still?.remove();
    this.still = null;
    this.sizes?.disconnect();
    if (this.started) this.goLive(); // no still to show: the live chart, as without `stills`
  }

  async start() {
    this.started = true;
    try {
      this.figure = await fetchJson(this.getAttribute('src'));
    } catch (error) {
      this.fail(`This chart could not be drawn: ${error.message}`);
      return;
    }
    if (!this.alive) return;
    this.pickStill(); // its height is known now, if the page did not say it
    const caption = this.closest('figure')?.querySelector('figcaption')?.textContent.trim() || '';
    const picture = this.still && `${this.getAttribute('stills')}-wide-light.svg`;
    this.append(
      ...figureDataParts(this.figure, { caption, name: this.name(), src: this.getAttribute('src'), picture }),
    );
    if (!this.still) await this.goLive();
    else {
      this.setAttribute('ready', '');
      if (this.wanted) this.goLive();
    }
  }

  /** Plotly's chart, drawn in the still's box (or at the figure's height); once, however often asked. */
  goLive() {
    this.wanted = true; // asked before the figure's JSON arrived: start() draws it then
    if (!this.live && this.figure) this.live = this.drawLive();
    return this.live;
  }

  async drawLive() {
    try {
      const Plotly = await loadPlotly(this.getAttribute('plotly') || 'plotly.min.js');
      // Plotly's bundle has just run: drawing waits for a task of its own, so the two never add up to one long task
      await new Promise((resolve) => setTimeout(resolve));
      if (!this.alive) return;
      const width = this.clientWidth;
      const height = this.still?.clientHeight || chartHeight(this.figure);
      this.plot = document.createElement('div');
      this.plot.className = 'sprout-figure-plot';
      this.plot.style.cssText =
        `height:${height}px` + (this.still ? ';position:absolute;inset:0 0 auto 0' : '');
      this.prepend(this.plot);
      const layout = { ...chartLayout(this.figure, width, height), autosize: true };
      // on a phone the mode bar would cover the legend; the data downloads below remain
      const config = { ...PLOTLY_CONFIG, displayModeBar: width < NARROW ? false : 'hover' };
      await Plotly.newPlot(this.plot, this.figure.data, layout, config);
      if (!this.alive) return;
      // the drawing repeats the summary and the table below it
      for (const svg of this.plot.querySelectorAll('svg')) svg.setAttribute('aria-hidden', 'true');
      this.applyTheme();
      this.plot.style.position = '';
      this.still?.remove();
      this.still = null;
      this.sizes?.disconnect();
      this.setAttribute('interactive', '');
      this.setAttribute('ready', '');
    } catch (error) {
      this.plot?.remove();
      this.live = null; // a click may try again
      this.fail(
        `${this.still ? 'The interactive chart' : 'This chart'} could not be drawn: ${error.message}`,
      );
    }
  }

  fail(text) {
    this.querySelector('.sprout-figure-error')?.remove();
    const message = document.createElement('p');
    message.className = 'sprout-figure-error';
    message.setAttribute('role', 'alert');
    message.textContent = text;
    if (this.still)
      this.still.after(message); // the still remains: it shows the chart all the same
    else this.replaceChildren(message);
    this.setAttribute('error', text);
  }

  name() {
    return (
      this.getAttribute('name') ||
      (this.getAttribute('src') || 'figure')
        .split('/')
        .pop()
        .replace(/\.json$/, '')
    );
  }

  applyTheme() {
    this.pickStill();
    if (this.plot && window.Plotly && this.plot.layout) {
      window.Plotly.relayout(this.plot, themeUpdate(this.plot.layout, isDark()));
    }
  }
}

/**
 * What goes below a chart (here and on its standalone page): the summary for screen readers,
 * then a <details> with CSV and JSON downloads and the table. `src` is the figure's JSON file,
 * `picture` (if any) a still of the chart to download as SVG.
 */
export function figureDataParts(figure, { caption = '', name, src, picture }) {
  const summary = document.createElement('p');
  summary.className = 'sprout-figure-summary';
  summary.style.cssText = HIDDEN;
  summary.textContent = figureSummary(figure, caption);
  const details = document.createElement('details');
  details.className = 'sprout-figure-data';
  const title = document.createElement('summary');
  title.textContent = 'The numbers behind this chart';
  const downloads = document.createElement('p');
  const json = link('JSON', new URL(src, document.baseURI).href, `${name}.json`);
  const csv = link('CSV', '#', `${name}.csv`);
  downloads.append('Download: ', csv, ', ', json);
  if (picture)
    downloads.append(', ', link('picture (SVG)', new URL(picture, document.baseURI).href, `${name}.svg`));
  details.append(title, downloads);
  // the table and the CSV are made only when a reader opens the numbers
  let made = false;
  details.addEventListener('toggle', () => {
    if (!details.open || made) return;
    made = true;
    const table = figureTable(figure);
    csv.href = URL.createObjectURL(new Blob([toCsv(table)], { type: 'text/csv' }));
    details.append(tableElement(table, caption));
  });
  return [summary, details];
}

function link(text, href, filename) {
  const a = document.createElement('a');
  a.textContent = text;
  a.href = href;
  a.download = filename;
  return a;
}

function tableElement({ columns, rows }, caption) {
  const wrap = document.createElement('div');
  wrap.className = 'sprout-figure-table';
  wrap.tabIndex = 0; // it scrolls, so keyboards must reach it
  wrap.style.cssText = 'max-height:20rem;overflow:auto';
  const table = document.createElement('table');
  if (caption) table.createCaption().textContent = caption;
  const head = table.createTHead().insertRow();
  for (const column of columns) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = column;
    head.append(th);
  }
  const body = table.createTBody();
  for (const row of rows.slice(0, TABLE_ROWS)) {
    const tr = body.insertRow();
    for (const value of row) tr.insertCell().textContent = String(value);
  }
  wrap.append(table);
  if (rows.length > TABLE_ROWS) {
    const note = document.createElement('p');
    note.textContent = `The first ${TABLE_ROWS} of ${rows.length} rows; the CSV holds them all.`;
    wrap.append(note);
  }
  return wrap;
}

define('sprout-figure', SproutFigure);
