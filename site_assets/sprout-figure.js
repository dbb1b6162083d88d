// <sprout-figure src="figure.json" plotly="plotly.min.js">: one of the chapter's Plotly charts.
// Plotly itself (1.5 MB) is loaded only when the first figure on a page comes into view, and
// the chart's text and grid colours follow the light/dark palette live.
import { define, fetchJson, isDark, watchTheme, whenVisible } from "./sprout-common.js";

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
    margin: { ...layout.margin, l: 48, r: 8, t: layout.showlegend === false ? 16 : 48 },
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
      if (!this.alive) return;
      this.plot = document.createElement("div");
      this.plot.className = "sprout-figure-plot";
      this.replaceChildren(this.plot);
      const layout = { ...figure.layout, autosize: true, height: figure.layout.height || 420 };
      layout.title = undefined; // the page's caption names the figure
      layout.margin = { ...figure.layout.margin, t: 16 };
      if (this.clientWidth < NARROW) Object.assign(layout, narrowLayout(layout));
      await Plotly.newPlot(this.plot, figure.data, layout, { responsive: true, displaylogo: false });
      this.applyTheme();
      this.setAttribute("ready", "");
    } catch (error) {
      const message = document.createElement("p");
      message.className = "sprout-figure-error";
      message.textContent = `This chart could not be drawn: ${error.message}`;
      this.replaceChildren(message);
    }
  }

  applyTheme() {
    if (this.plot && window.Plotly && this.plot.layout) {
      window.Plotly.relayout(this.plot, themeUpdate(this.plot.layout, isDark()));
    }
  }
}

define("sprout-figure", SproutFigure);
