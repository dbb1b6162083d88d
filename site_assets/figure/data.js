// The numbers behind a Plotly figure, for readers who cannot see the chart or want the data:
// a table of rows, CSV, and a one-paragraph summary. Pure functions (tested under Node).
import { csvLine } from '../common/format.js';

const TYPED = {
  u1: Uint8Array,
  i1: Int8Array,
  u2: Uint16Array,
  i2: Int16Array,
  u4: Uint32Array,
  i4: Int32Array,
  f4: Float32Array,
  f8: Float64Array,
};

/** Plotly's JSON may hold an array as { dtype, bdata (base64, little-endian), shape }: a plain array (nested by shape). */
export function plainArray(value) {
  if (!value || Array.isArray(value) || typeof value.bdata !== 'string') return value;
  const Typed = TYPED[value.dtype];
  if (!Typed) throw new Error(`unknown array type ${value.dtype} in the figure`);
  const bytes = Uint8Array.from(atob(value.bdata), (c) => c.charCodeAt(0));
  const flat = Array.from(new Typed(bytes.buffer));
  const shape = String(value.shape ?? flat.length)
    .split(',')
    .map(Number);
  if (shape.length === 1) return flat;
  const [rows, columns] = shape;
  return Array.from({ length: rows }, (_, r) => flat.slice(r * columns, (r + 1) * columns));
}

/** The figure's traces with x, y and z as plain arrays. */
function plainTraces(figure) {
  return (figure.data || []).map((t) => ({
    ...t,
    x: plainArray(t.x),
    y: plainArray(t.y),
    z: plainArray(t.z),
  }));
}

const number = (v) => (typeof v === 'number' && Number.isFinite(v) ? Number(v.toPrecision(4)) : v);

function axisTitle(layout, axis, fallback) {
  const title = layout?.[axis]?.title;
  return (typeof title === 'string' ? title : title?.text) || fallback;
}

function traceName(trace, index) {
  return trace.name || `series ${index + 1}`;
}

/** Heatmaps are listed cell by cell (row, column, value), lines and bars point by point (x, y). */
export function isGrid(figure) {
  return (figure.data || []).some((trace) => trace.type === 'heatmap');
}

/** { columns: [...], rows: [[...], ...] } for every point (or cell) of every trace. */
export function figureTable(figure) {
  const layout = figure.layout || {};
  const data = plainTraces(figure);
  if (isGrid(figure)) {
    const rows = [];
    data.forEach((trace, i) => {
      (trace.z || []).forEach((line, r) =>
        line.forEach((value, c) => {
          rows.push([traceName(trace, i), trace.y?.[r] ?? r, trace.x?.[c] ?? c, number(value)]);
        }),
      );
    });
    return { columns: ['series', 'row', 'column', 'value'], rows };
  }
  const columns = ['series', axisTitle(layout, 'xaxis', 'x'), axisTitle(layout, 'yaxis', 'y')];
  const rows = [];
  data.forEach((trace, i) => {
    (trace.y || []).forEach((y, k) => rows.push([traceName(trace, i), number(trace.x?.[k] ?? k), number(y)]));
  });
  return { columns, rows };
}

export function toCsv({ columns, rows }) {
  return [columns, ...rows].map(csvLine).join('\n') + '\n';
}

function range(values) {
  const finite = values.filter((v) => typeof v === 'number' && Number.isFinite(v));
  return finite.length ? [Math.min(...finite), Math.max(...finite)] : null;
}

function lineSentence(trace, i) {
  const ys = trace.y || [];
  const xs = trace.x || ys.map((_, k) => k);
  const span = range(ys);
  if (!span) return `${traceName(trace, i)}: no values.`;
  const last = ys.length - 1;
  return (
    `${traceName(trace, i)}: ${number(ys[0])} at ${number(xs[0])}, ${number(ys[last])} at ` +
    `${number(xs[last])}, between ${number(span[0])} and ${number(span[1])}.`
  );
}

function barSentence(trace, i) {
  const parts = (trace.y || []).map((y, k) => `${trace.x?.[k] ?? k} ${number(y)}`);
  return `${traceName(trace, i)}: ${parts.join('; ')}.`;
}

function gridSentence(trace, i) {
  const z = trace.z || [];
  let best = null;
  z.forEach((line, r) =>
    line.forEach((value, c) => {
      if (typeof value === 'number' && (best === null || value > best.value)) best = { value, r, c };
    }),
  );
  if (!best) return `${traceName(trace, i)}: no values.`;
  const span = range(z.flat());
  return (
    `${traceName(trace, i)}: ${z.length} by ${z[0]?.length ?? 0} values from ${number(span[0])} ` +
    `to ${number(span[1])}, the largest at ${trace.y?.[best.r] ?? best.r}, ${trace.x?.[best.c] ?? best.c}.`
  );
}

/** A paragraph that says what the chart shows: its kind, axes, and each series' numbers. */
export function figureSummary(figure, caption = '') {
  const layout = figure.layout || {};
  const traces = plainTraces(figure).filter((t) => t.showlegend !== false || t.type === 'heatmap');
  const kinds = new Set(traces.map((t) => t.type || 'scatter'));
  const kind = kinds.has('heatmap') ? 'Heatmap' : kinds.has('bar') ? 'Bar chart' : 'Line chart';
  const axes = kinds.has('heatmap')
    ? ''
    : ` Horizontal axis: ${axisTitle(layout, 'xaxis', 'x')}` +
      `${layout.xaxis?.type === 'log' ? ' (log scale)' : ''}; vertical axis: ${axisTitle(layout, 'yaxis', 'y')}` +
      `${layout.yaxis?.type === 'log' ? ' (log scale)' : ''}.`;
  const sentence = (t, i) =>
    (t.type === 'heatmap' ? gridSentence : t.type === 'bar' ? barSentence : lineSentence)(t, i);
  const lead = caption ? `${kind}: ${caption.replace(/\.?$/, '.')}` : `${kind}.`;
  return [lead + axes, ...traces.map(sentence)].join(' ');
}
