// The layout a chart gets at a width: the same for its still (build_site/stills.py) and its live chart.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { NARROW, STILL_WIDTHS, chartHeight, chartLayout, themeUpdate } from '../../figure/layout.js';

const figure = (name) =>
  JSON.parse(readFileSync(new URL(`../../../docs/artifacts/figures/${name}.json`, import.meta.url), 'utf8'));

test('a wide chart keeps its legend at the side; a narrow one puts it above the plot', () => {
  const loss = figure('induction_loss');
  const wide = chartLayout(loss, STILL_WIDTHS.wide);
  assert.equal(wide.width, STILL_WIDTHS.wide);
  assert.equal(wide.height, chartHeight(loss));
  assert.equal(wide.title, undefined);
  assert.equal(wide.margin.t, 16);
  assert.notEqual(wide.legend?.orientation, 'h');
  const narrow = chartLayout(loss, STILL_WIDTHS.narrow);
  assert.ok(STILL_WIDTHS.narrow < NARROW);
  assert.equal(narrow.legend.orientation, 'h');
  assert.equal(narrow.font.size, 11);
  assert.ok(narrow.margin.t > 16, 'room for the legend above the plot');
});

test('a chart keeps the height its figure asks for, else 420 px', () => {
  assert.equal(chartHeight(figure('training_story')), figure('training_story').layout.height);
  assert.equal(chartHeight(figure('model_losses')), 420);
});

test('the dark palette lightens the text and the grid of every axis', () => {
  const story = chartLayout(figure('training_story'), 720);
  const dark = themeUpdate(story, true);
  const light = themeUpdate(story, false);
  assert.notEqual(dark['font.color'], light['font.color']);
  for (const axis of ['xaxis', 'yaxis', 'xaxis2', 'yaxis2']) assert.ok(dark[`${axis}.gridcolor`], axis);
});
