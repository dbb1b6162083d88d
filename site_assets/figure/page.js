// A chart's standalone page (artifacts/figures/<name>.html, the page made for iframes): below the
// chart, the same summary for screen readers, downloads and table as <sprout-figure> gives it,
// read from the chart's own JSON file beside the page. The site's build adds this script there.
import { fetchJson } from '../common/load.js';
import { figureDataParts } from './sprout-figure.js';

// the page has no stylesheet of its own: text and links readable on both of its backgrounds
const CSS = `
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1f2328; }
a { color: #00695c; }
.sprout-figure-data { margin: 0.5rem 1rem; }
.sprout-figure-table table { border-collapse: collapse; }
.sprout-figure-table th, .sprout-figure-table td { padding: 0.1rem 0.6rem; text-align: left; }
@media (prefers-color-scheme: dark) {
  body { color: #e8e8e8; }
  a { color: #6fd8cc; }
}`;

async function addData(plot) {
  const name = plot.id.replace(/^figure-/, '');
  const src = `${name}.json`;
  try {
    const figure = await fetchJson(new URL(src, document.baseURI).href);
    // the drawing repeats the summary and the table below it
    for (const svg of plot.querySelectorAll('svg')) svg.setAttribute('aria-hidden', 'true');
    document.body.append(...figureDataParts(figure, { caption: document.title, name, src })); // below the chart's box
  } catch (error) {
    const message = document.createElement('p');
    message.setAttribute('role', 'alert');
    message.textContent = `The numbers behind this chart could not be loaded: ${error.message}`;
    document.body.append(message);
  }
  document.body.setAttribute('data-ready', '');
}

const style = document.createElement('style');
style.textContent = CSS;
document.head.append(style);
const plot = document.querySelector(".plotly-graph-div[id^='figure-']");
if (plot) addData(plot);
