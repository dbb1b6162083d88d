// <sprout-figure src="figure.json" plotly="plotly.min.js" name="f1">: one of the chapter's Plotly
// charts. Plotly itself (1.5 MB) is loaded only when the first figure on a page comes into view,
// the chart's text and grid colours follow the light/dark palette live, and below the chart a
// summary for screen readers, the numbers as a table and CSV/JSON downloads are offered.
import { define } from "./sprout-element.js";
import { fetchJson, whenVisible } from "./sprout-load.js";
import { isDark, watchTheme } from "./sprout-theme.js";
import { figureSummary, figureTable, toCsv } from "./figure-data.js";

// the mode bar keeps what readers use: a PNG download and resetting the axes (no cloud upload)
export const PLOTLY_CONFIG = { responsive: true, displaylogo: false, modeBarButtons: [["toImage", "resetScale2d"]] };
const TABLE_ROWS = 400; // a longer table is cut (the CSV holds every row)
const HIDDEN = "position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);" +
  "clip-path:inset(50%);white-space:nowrap";

const plotlyLoads = new Map(); // one <script> per bundle URL, shared by every figure

function loadPlotly(url) {
  if (window.Plotly) return Promise.resolve(window.Plotly);
  if (!plotlyLoads.has(url)) {
    plotlyLoads.set(url, new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = url;
      script.onload = () => resolve(window.Plotly);
      script.onerror = () => reject(new Error(`could not load Plotly from ${url}`));
      document.head.append(script);
    }));
  }
  return plotlyLoads.get(url);
}

const NARROW = 520; // px: below this a side legend would squeeze the plot

// On a phone the legend goes above the plot and the text shrinks, so the plot keeps its width.
export function narrowLayout(layout) {
  return {
    legend: { ...layout.legend, orientation: "h", x: 0, xanchor: "left", y: 1.02, yanchor: "bottom" },
    margin: { ...layout.margin, l: 48, r: 24, t: layout.showlegend === false ? 16 : 48 },
    font: { ...layout.font, size: 11 },
  };
}

export function themeUpdate(layout, dark) {
  const grid = dark ? "rgba(255,255,255,0.15)" : "rgba(0,0,0,0.12)";
  const update = { "font.color": dark ? "#e2e4e9" : "#1f2328" };
  for (const key of Object.keys(layout)) {
    if (/^[xy]axis\d*$/.test(key)) {
      update[`${key}.gridcolor`] = grid;
      update[`${key}.zerolinecolor`] = grid;
    }
  }
  return update;
}

class SproutFigure extends HTMLElement {
  connectedCallback() {
    this.alive = true;
    this.stopWatching = watchTheme(() => this.applyTheme());
    whenVisible(this).then(() => this.alive && this.draw());
  }

  disconnectedCallback() {
    this.alive = false;
    this.stopWatching?.();
    if (this.plot && window.Plotly) window.Plotly.purge(this.plot);
  }

  async draw() {
    try {
      const [Plotly, figure] = await Promise.all([
        loadPlotly(this.getAttribute("plotly") || "plotly.min.js"),
        fetchJson(this.getAttribute("src")),
      ]);
      // Plotly's bundle has just run: drawing waits for a task of its own, so the two never add up to one long task
      await new Promise((resolve) => setTimeout(resolve));
      if (!this.alive) return;
      this.plot = document.createElement("div");
      this.plot.className = "sprout-figure-plot";
      this.replaceChildren(this.plot);
      const layout = { ...figure.layout, autosize: true, height: figure.layout.height || 420 };
      layout.title = undefined; // the page's caption names the figure
      layout.margin = { ...figure.layout.margin, t: 16 };
      const narrow = this.clientWidth < NARROW;
      if (narrow) Object.assign(layout, narrowLayout(layout));
      // on a phone the mode bar would cover the legend; the data downloads below remain
      const config = { ...PLOTLY_CONFIG, displayModeBar: narrow ? false : "hover" };
      await Plotly.newPlot(this.plot, figure.data, layout, config);
      if (!this.alive) return;
      // the drawing repeats the summary and the table below it
      for (const svg of this.plot.querySelectorAll("svg")) svg.setAttribute("aria-hidden", "true");
      const caption = this.closest("figure")?.querySelector("figcaption")?.textContent.trim() || "";
      this.append(...figureDataParts(figure, { caption, name: this.name(), src: this.getAttribute("src") }));
      this.applyTheme();
      this.setAttribute("ready", "");
    } catch (error) {
      const message = document.createElement("p");
      message.className = "sprout-figure-error";
      message.setAttribute("role", "alert");
      message.textContent = `This chart could not be drawn: ${error.message}`;
      this.replaceChildren(message);
      this.setAttribute("error", "");
    }
  }

  name() {
    return this.getAttribute("name") || (this.getAttribute("src") || "figure").split("/").pop().replace(/\.json$/, "");
  }

  applyTheme() {
    if (this.plot && window.Plotly && this.plot.layout) {
      window.Plotly.relayout(this.plot, themeUpdate(this.plot.layout, isDark()));
    }
  }
}

/**
 * What goes below a chart (here and on its standalone page): the summary for screen readers,
 * then a <details> with CSV and JSON downloads and the table. `src` is the figure's JSON file.
 */
export function figureDataParts(figure, { caption = "", name, src }) {
  const summary = document.createElement("p");
  summary.className = "sprout-figure-summary";
  summary.style.cssText = HIDDEN;
  summary.textContent = figureSummary(figure, caption);
  const details = document.createElement("details");
  details.className = "sprout-figure-data";
  const title = document.createElement("summary");
  title.textContent = "The numbers behind this chart";
  const downloads = document.createElement("p");
  const json = link("JSON", new URL(src, document.baseURI).href, `${name}.json`);
  const csv = link("CSV", "#", `${name}.csv`);
  downloads.append("Download: ", csv, ", ", json);
  details.append(title, downloads);
  // the table and the CSV are made only when a reader opens the numbers
  let made = false;
  details.addEventListener("toggle", () => {
    if (!details.open || made) return;
    made = true;
    const table = figureTable(figure);
    csv.href = URL.createObjectURL(new Blob([toCsv(table)], { type: "text/csv" }));
    details.append(tableElement(table, caption));
  });
  return [summary, details];
}

function link(text, href, filename) {
  const a = document.createElement("a");
  a.textContent = text;
  a.href = href;
  a.download = filename;
  return a;
}

function tableElement({ columns, rows }, caption) {
  const wrap = document.createElement("div");
  wrap.className = "sprout-figure-table";
  wrap.tabIndex = 0; // it scrolls, so keyboards must reach it
  wrap.style.cssText = "max-height:20rem;overflow:auto";
  const table = document.createElement("table");
  if (caption) table.createCaption().textContent = caption;
  const head = table.createTHead().insertRow();
  for (const column of columns) {
    const th = document.createElement("th");
    th.scope = "col";
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
    const note = document.createElement("p");
    note.textContent = `The first ${TABLE_ROWS} of ${rows.length} rows; the CSV holds them all.`;
    wrap.append(note);
  }
  return wrap;
}

define("sprout-figure", SproutFigure);
