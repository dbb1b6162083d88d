// Unit tests of the numbers behind the charts: node --test site_assets/tests/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { figureSummary, figureTable, toCsv } from '../../figure/data.js';

const figure = (name) =>
  JSON.parse(readFileSync(new URL(`../../../docs/artifacts/figures/${name}.json`, import.meta.url), 'utf8'));

test('a line chart lists every point of every series under its axis titles', () => {
  const f1 = figure('f1_dot_product_spread');
  const { columns, rows } = figureTable(f1);
  assert.deepEqual(columns, ['series', 'd (numbers per vector)', 'standard deviation']);
  assert.equal(
    rows.length,
    f1.data.reduce((n, t) => n + t.y.length, 0),
  );
  const first = f1.data[0];
  assert.deepEqual(rows[0], [first.name, first.x[0], Number(first.y[0].toPrecision(4))]);
});

test('the summary names the kind, the axes with their log scales and each series', () => {
  const f1 = figure('f1_dot_product_spread');
  const text = figureSummary(f1, 'The spread of q·k');
  assert.match(
    text,
    /^Line chart: The spread of q·k\. Horizontal axis: d \(numbers per vector\) \(log scale\)/,
  );
  for (const trace of f1.data) assert.ok(text.includes(`${trace.name}: `), trace.name);
  const last = f1.data[1].y.at(-1);
  assert.ok(text.includes(String(Number(last.toPrecision(4)))));
});

test('a bar chart says each bar', () => {
  const losses = figure('model_losses');
  const text = figureSummary(losses);
  const bar = losses.data[0];
  assert.ok(text.startsWith('Bar chart.'));
  assert.ok(text.includes(`${bar.name}: ${bar.x[0]} ${Number(bar.y[0].toPrecision(4))}`));
});

test('a heatmap is listed cell by cell and its largest cell is named', () => {
  const fig = {
    data: [
      {
        type: 'heatmap',
        name: 'Sprout',
        x: ['head 1', 'head 2'],
        y: ['layer 1', 'layer 2'],
        z: [
          [0.1, 0.9],
          [0.3, 0.2],
        ],
      },
    ],
    layout: {},
  };
  assert.deepEqual(figureTable(fig).rows[1], ['Sprout', 'layer 1', 'head 2', 0.9]);
  assert.match(figureSummary(fig), /Sprout: 2 by 2 values from 0.1 to 0.9, the largest at layer 1, head 2\./);
});

test('CSV quotes commas, quotes and newlines', () => {
  const csv = toCsv({
    columns: ['a', 'b'],
    rows: [
      ['x, y', 'say "hi"'],
      [1, null],
    ],
  });
  assert.equal(csv, 'a,b\n"x, y","say ""hi"""\n1,\n');
});

test("Plotly's base64 typed arrays are decoded, by their shape", () => {
  const grid = figure('attention_tom_he');
  const z = grid.data[0].z;
  const [rows, columns] = z.shape.split(',').map(Number);
  const { rows: table } = figureTable(grid);
  assert.equal(table.length, grid.data.length * rows * columns);
  assert.equal(table[0][3], 255); // ◆ attends only to itself: the first weight of every head is 255/255
  assert.match(figureSummary(grid), /^Heatmap\. series 1: \d+ by \d+ values from 0 to 255/);
});
