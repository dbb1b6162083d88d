// Unit tests for the paper page's pure parts (site_assets/print/): node --test site_assets/tests/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { choiceLetter, headingTitle, paperHref } from '../../print/page.js';
import { boxesOverlap, captionsFor } from '../../print/figures.js';

const PAGE = 'http://127.0.0.1:8000/index.html';
const HOSTED = 'https://sprout.example/book/';

test('a link to another page of the site points at the hosted page, the rest stay', () => {
  assert.equal(paperHref('try/', PAGE, HOSTED), 'https://sprout.example/book/try/');
  assert.equal(paperHref('embedding/#w5?x=1', PAGE, HOSTED), 'https://sprout.example/book/embedding/#w5?x=1');
  assert.equal(
    paperHref('artifacts/a.json?v=2', PAGE, HOSTED),
    'https://sprout.example/book/artifacts/a.json?v=2',
  );
  assert.equal(paperHref('#jars-on-a-shelf', PAGE, HOSTED), null);
  assert.equal(paperHref('https://arxiv.org/abs/1706.03762', PAGE, HOSTED), null);
});

test('choices are lettered and headings lose their permalink mark', () => {
  assert.deepEqual([0, 1, 2].map(choiceLetter), ['a', 'b', 'c']);
  assert.equal(headingTitle(' Several heads¶ '), 'Several heads');
});

test('each widget prints under the caption its class declares; one without is named', () => {
  const declared = {
    'sprout-mask': 'W4. The causal mask.',
    'sprout-plane': '  W3. A plane. ',
    'sprout-new': '',
  };
  const { widgets, missing } = captionsFor(
    [
      'sprout-mask',
      'sprout-figure',
      'sprout-plane',
      'sprout-quiz',
      'sprout-mask',
      'sprout-new',
      'sprout-odd',
    ],
    (tag) => declared[tag],
  );
  assert.deepEqual(widgets, [
    { tag: 'sprout-mask', caption: 'W4. The causal mask.' },
    { tag: 'sprout-plane', caption: 'W3. A plane.' },
  ]);
  assert.deepEqual(missing, ['sprout-new', 'sprout-odd']); // charts and quizzes have paper forms of their own
});

test('every widget module of site_assets declares its paper caption', () => {
  const root = new URL('../../', import.meta.url);
  const widgets = readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => `${d.name}/sprout-${d.name}.js`)
    .filter((file) => {
      try {
        return readFileSync(new URL(file, root), 'utf8').includes("define('sprout-");
      } catch {
        return false;
      }
    });
  assert.ok(widgets.length >= 7, widgets.join(' '));
  const without = widgets.filter((file) => {
    const source = readFileSync(new URL(file, root), 'utf8');
    return !/static printCaption\s*=\s*['"]/.test(source) && !/sprout-(figure|quiz)\.js$/.test(file);
  });
  assert.deepEqual(without, []);
});

test('boxes overlap only when they share more than a pixel each way', () => {
  const widget = { left: 0, top: 100, right: 600, bottom: 500 };
  assert.ok(boxesOverlap(widget, { left: 0, top: 0, right: 820, bottom: 180 })); // a header across it
  assert.ok(!boxesOverlap(widget, { left: 0, top: 0, right: 820, bottom: 100 })); // the text above it
  assert.ok(!boxesOverlap(widget, { left: 0, top: 99.5, right: 820, bottom: 100.5 })); // touching
  assert.ok(!boxesOverlap(widget, { left: 600, top: 0, right: 820, bottom: 900 })); // beside it
  assert.ok(boxesOverlap(widget, { left: 590, top: 480, right: 700, bottom: 520 })); // a corner
});
