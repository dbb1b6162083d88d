// Unit tests for the data widgets' pure parts (W1, W2, W5 and the shared modules):
// node --test site_assets/tests/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { decodeAttention, triangleSize } from '../common/attention-data.js';
import { listOf } from '../common/attributes.js';
import { colorScale, colorScaleRgb, colorTable, textColorOn } from '../common/color.js';
import { define } from '../common/element.js';
import { displayToken, formatPercent, topK } from '../common/format.js';
import { exampleUrl, prepareExample } from '../common/examples.js';
import { isDark, pageScheme, watchTheme } from '../common/theme.js';
import { formatHashState, parseHashState, withHashKey } from '../common/url-state.js';
import { SproutExplorer } from '../explorer/sprout-explorer.js';
import {
  EXPLORER_PERMALINK,
  defaultQuery,
  formatExplorerState,
  parseExplorerState,
  readoutSentence,
  topAttended,
} from '../explorer/core.js';
import { HEADS_PERMALINK, SproutHeads, formatHeadsState, parseHeadsState } from '../heads/sprout-heads.js';
import { KINDS, highlightTops, scoreMatrix, topHeads } from '../heads/scores.js';
import { gridStep, paintHead } from '../heads/grid.js';
import { fittedCell, labelStep, scrollToShow } from '../heads/map-core.js';
import { markCursor, windowRole } from '../window/sprout-window.js';

const readJson = (relative) => JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8'));
const fixture = readJson('./fixtures/attention.json');
const ARTIFACTS = '../../docs/artifacts/';

// --- decoding ------------------------------------------------------------------------------

test('decodeAttention reproduces the Python decoder exactly', () => {
  const { layers, heads, T, encoded, decoded } = fixture;
  const maps = decodeAttention(encoded, layers, heads, T);
  for (let l = 0; l < layers; l++) {
    for (let h = 0; h < heads; h++) {
      for (let t = 0; t < T; t++) {
        for (let j = 0; j < T; j++) {
          assert.equal(maps.weight(l, h, t, j), decoded[l][h][t][j], `weight ${l} ${h} ${t} ${j}`);
        }
        assert.deepEqual(maps.row(l, h, t), decoded[l][h][t].slice(0, t + 1));
      }
    }
  }
});

test('decoded rows sum to one and the future is zero', () => {
  const { layers, heads, T, encoded } = fixture;
  const maps = decodeAttention(encoded, layers, heads, T);
  for (let l = 0; l < layers; l++) {
    for (let h = 0; h < heads; h++) {
      const square = maps.head(l, h);
      assert.equal(square.length, T * T);
      for (let t = 0; t < T; t++) {
        let bytes = 0;
        for (let j = 0; j <= t; j++) bytes += square[t * T + j];
        assert.equal(bytes, 255);
        for (let j = t + 1; j < T; j++) assert.equal(square[t * T + j], 0);
      }
    }
  }
});

test('decodeAttention names the wrong byte count', () => {
  const { layers, heads, T, encoded } = fixture;
  assert.throws(
    () => decodeAttention(encoded, layers, heads, T + 1),
    /holds 168 bytes, expected 216 for 2 layers x 3 heads x 8 tokens/,
  );
  assert.throws(() => decodeAttention('not base64!', 1, 1, 2), /base64/);
  assert.equal(triangleSize(7), 28);
});

test('the real Tom example: one head sends most of "he" to Tom (as stats.json says)', () => {
  const stats = readJson(`${ARTIFACTS}stats.json`);
  const example = prepareExample(readJson(`${ARTIFACTS}examples/tom_he.json`));
  const row = example.maps.row(
    stats['tom_he.layer'] - 1,
    stats['tom_he.head'] - 1,
    stats['tom_he.he_position'],
  );
  const he = stats['tom_he.he_position'];
  const toms = example.tokens
    .map((token, j) => (j < he && token.trim() === 'Tom' ? j : -1))
    .filter((j) => j >= 0);
  const share = toms.reduce((sum, j) => sum + row[j], 0);
  assert.ok(Math.abs(share - stats['tom_he.share']) < 0.005, `${share} vs ${stats['tom_he.share']}`);
  assert.equal(example.tokens[stats['tom_he.he_position']], ' he');
});

test('prepareExample refuses files that are not examples', () => {
  assert.throws(() => prepareExample({ tokens: ['a'] }, 'x.json'), /x\.json is not an example file/);
  const example = readJson(`${ARTIFACTS}examples/mia_doll.json`);
  const T = example.tokens.length;
  assert.throws(
    () => prepareExample({ ...example, tokens: example.tokens.slice(1) }, 'm.json'),
    new RegExp(`attention covers ${T} tokens but the story has ${T - 1}`),
  );
});

// --- numbers and readouts ----------------------------------------------------------------

test('percentages of every byte match Python formatting', () => {
  fixture.percent_of_byte.forEach((expected, b) => assert.equal(formatPercent(b / 255), expected));
  assert.equal(formatPercent(0.646), '64.6%');
});

test('topK orders by weight and breaks ties by position', () => {
  assert.deepEqual(topK([0.1, 0.5, 0.1, 0.3], 3), [1, 3, 0]);
  assert.deepEqual(topK([0.2], 3), [0]);
});

test('the top-3 readout lists the most attended tokens with percentages', () => {
  const tokens = ['◆', 'Tom', ' and', ' he'];
  const top = topAttended([0.1, 0.6, 0.05, 0.25], tokens, 3);
  assert.deepEqual(
    top.map((t) => t.index),
    [1, 3, 0],
  );
  assert.equal(
    readoutSentence(top, 3, ' he', 7, 2),
    'Layer 7, head 2: ‘he’ (token 3) looks most at ‘Tom’ (token 1) 60.0%, ‘he’ (token 3) 25.0%, ‘◆’ (token 0) 10.0%.',
  );
});

test('tokens are shown without their leading space, blanks made visible', () => {
  assert.equal(displayToken(' took'), 'took');
  assert.equal(displayToken('◆'), '◆');
  assert.equal(displayToken(' '), '␣');
  assert.equal(displayToken('\n'), '↵');
  assert.equal(displayToken('<img src=x onerror=alert(1)>'), '<img src=x onerror=alert(1)>');
});

test('the default query is the last mark', () => {
  assert.equal(defaultQuery(readJson(`${ARTIFACTS}examples/tom_he.json`)), 57);
  assert.equal(defaultQuery({ tokens: ['◆', 'a', 'b'], marks: {} }), 2);
});

// --- colour --------------------------------------------------------------------------------

test('the colour scale runs from the page colour to viridis', () => {
  assert.equal(colorScale(0, false), 'rgb(255, 255, 255)');
  assert.equal(colorScale(1, false), 'rgb(68, 1, 84)');
  assert.equal(colorScale(1, true), 'rgb(253, 231, 37)');
  assert.equal(colorScale(-3, false), colorScale(0, false));
  assert.equal(colorScale(7, true), colorScale(1, true));
  assert.equal(colorScale(NaN, true), colorScale(0, true));
});

test('lightness is monotonic on both palettes (readable without hue)', () => {
  const luma = ([r, g, b]) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
  for (const dark of [false, true]) {
    let last = luma(colorScaleRgb(0, dark));
    for (let i = 1; i <= 100; i++) {
      const now = luma(colorScaleRgb(i / 100, dark));
      assert.ok(dark ? now >= last - 1 : now <= last + 1, `step ${i} dark=${dark}`);
      last = now;
    }
  }
});

test('text on a shaded token contrasts with it', () => {
  assert.equal(textColorOn([255, 255, 255]), '#000');
  assert.equal(textColorOn([68, 1, 84]), '#fff');
  assert.equal(textColorOn([253, 231, 37]), '#000');
  const table = colorTable(false);
  assert.equal(table.css.length, 256);
  assert.equal(table.css[255], 'rgb(68, 1, 84)');
  assert.deepEqual([...table.rgb.slice(0, 3)], [255, 255, 255]);
});

test('paintHead colours the past and leaves the future clear', () => {
  const T = 2;
  const bytes = new Uint8Array([255, 0, 128, 127]);
  const pixels = new Uint8ClampedArray(T * T * 4);
  const { rgb } = colorTable(false);
  paintHead(pixels, bytes, T, rgb);
  assert.deepEqual([...pixels.slice(0, 4)], [68, 1, 84, 255]);
  assert.deepEqual([...pixels.slice(4, 8)], [0, 0, 0, 0]);
  assert.deepEqual([...pixels.slice(8, 12)], [...rgb.slice(128 * 3, 128 * 3 + 3), 255]);
});

// --- URL hash --------------------------------------------------------------------------------

test('hash state keeps other widgets and drops heading anchors', () => {
  assert.deepEqual(parseHashState('#explorer=tom_he/7/2/57&heads=zorbin/5/4'), {
    explorer: 'tom_he/7/2/57',
    heads: 'zorbin/5/4',
  });
  assert.deepEqual(parseHashState('#where-sprout-looks'), {});
  assert.deepEqual(parseHashState(''), {});
  assert.equal(withHashKey('#where-sprout-looks', 'explorer', 'tom_he/7/2/57'), '#explorer=tom_he/7/2/57');
  assert.equal(
    withHashKey('#heads=zorbin/5/4', 'explorer', 'tom_he/7/2/57'),
    '#heads=zorbin/5/4&explorer=tom_he/7/2/57',
  );
  assert.equal(formatHashState({}), '');
});

test('explorer state round-trips and rejects junk', () => {
  const state = { example: 'tom_he', layer: 7, head: 2, token: 57 };
  assert.equal(formatExplorerState(state), 'tom_he/7/2/57');
  assert.deepEqual(parseExplorerState('tom_he/7/2/57'), state);
  for (const bad of [
    'tom_he/7/2',
    'tom_he/0/2/57',
    'Tom/7/2/57',
    'tom_he/x/2/57',
    '',
    undefined,
    '<img>/1/1/1',
    'tom_he/7/2/57/9',
  ]) {
    assert.equal(parseExplorerState(bad), null, String(bad));
  }
});

test('heads state round-trips and rejects junk', () => {
  assert.equal(formatHeadsState({ example: 'zorbin', layer: 5, head: 4 }), 'zorbin/5/4');
  assert.deepEqual(parseHeadsState('zorbin/5/4'), { example: 'zorbin', layer: 5, head: 4 });
  assert.equal(parseHeadsState('zorbin/5'), null);
  assert.equal(parseHeadsState('zorbin/5/0'), null);
});

test('W2 and W5 keep their state in the hash through their permalink codecs', () => {
  assert.equal(SproutExplorer.permalink, EXPLORER_PERMALINK);
  assert.equal(SproutHeads.permalink, HEADS_PERMALINK);
  assert.equal(EXPLORER_PERMALINK.key, 'explorer');
  assert.equal(HEADS_PERMALINK.key, 'heads');
  const shown = { example: 'tom_he', layer: 7, head: 2, token: 57 };
  assert.equal(EXPLORER_PERMALINK.write(shown), 'tom_he/7/2/57');
  assert.deepEqual(EXPLORER_PERMALINK.read(EXPLORER_PERMALINK.write(shown)), shown);
  assert.equal(EXPLORER_PERMALINK.read('tom_he/7/2'), null);
  const enlarged = { example: 'zorbin', layer: 5, head: 4 };
  assert.deepEqual(HEADS_PERMALINK.read(HEADS_PERMALINK.write(enlarged)), enlarged);
  // W5 records nothing while no head is enlarged
  assert.equal(HEADS_PERMALINK.write({ example: 'zorbin', layer: null, head: null, kind: '' }), null);
  assert.equal(HEADS_PERMALINK.read('zorbin/5/0'), null);
});

test('example URLs add the folder slash', () => {
  assert.equal(exampleUrl('a/examples', 'tom_he'), 'a/examples/tom_he.json');
  assert.equal(exampleUrl('a/examples/', 'tom_he'), 'a/examples/tom_he.json');
});

// --- W5 scores and grid --------------------------------------------------------------------

test('the top heads computed from the matrices are the ones head_scores.json lists', () => {
  const scores = readJson(`${ARTIFACTS}head_scores.json`);
  for (const kind of Object.keys(KINDS)) {
    const matrix = scoreMatrix(scores, kind);
    assert.equal(matrix.length, scores.layers);
    const listed = scores.models.sprout.top[kind].map(({ layer, head }) => `${layer}/${head}`);
    assert.deepEqual(
      topHeads(matrix, 3).map(({ layer, head }) => `${layer}/${head}`),
      listed,
      kind,
    );
  }
});

test('W5 lists the top heads head_scores.json ships, not a ranking of its own', () => {
  const scores = readJson(`${ARTIFACTS}head_scores.json`);
  for (const kind of Object.keys(KINDS)) {
    assert.deepEqual(highlightTops(scores, kind), scores.models.sprout.top[kind], kind);
  }
  // a file whose list disagrees with its matrix: the list is what W5 shows
  const listed = [{ layer: 2, head: 1, score: 0.1 }];
  const file = {
    models: {
      sprout: {
        examples: {
          previous_token: [
            [0.9, 0.1],
            [0.1, 0.2],
          ],
        },
        top: { previous_token: listed },
      },
    },
  };
  assert.deepEqual(highlightTops(file, 'previous_token'), listed);
  assert.deepEqual(highlightTops(file, 'induction'), []);
  // the ablation summary ships no list: its three largest are ranked from the matrix
  assert.deepEqual(highlightTops(scores, 'breaks'), topHeads(scores.ablation.breaks, 3));
  assert.deepEqual(highlightTops({}, 'breaks'), []);
});

test('topHeads is 1-based', () => {
  assert.deepEqual(
    topHeads(
      [
        [0.1, 0.9],
        [0.5, 0.2],
      ],
      2,
    ),
    [
      { layer: 1, head: 2, score: 0.9 },
      { layer: 2, head: 1, score: 0.5 },
    ],
  );
});

test('grid keys move within 8 x 6', () => {
  assert.deepEqual(gridStep(1, 1, 'ArrowUp', 8, 6), [1, 1]);
  assert.deepEqual(gridStep(1, 1, 'ArrowDown', 8, 6), [2, 1]);
  assert.deepEqual(gridStep(3, 6, 'ArrowRight', 8, 6), [3, 6]);
  assert.deepEqual(gridStep(3, 4, 'Home', 8, 6), [3, 1]);
  assert.deepEqual(gridStep(3, 4, 'End', 8, 6, true), [8, 6]);
  assert.equal(gridStep(3, 4, 'a', 8, 6), null);
});

test('the enlarged map scrolls a cell out from under the pinned label strips', () => {
  // box 300 wide, strips cover its first 60 pixels: content 60..300 of a scroll of 0 is free
  assert.equal(scrollToShow(0, 300, 60, 60, 10), 0);
  assert.equal(scrollToShow(0, 300, 60, 290, 10), 0);
  assert.equal(scrollToShow(100, 300, 60, 170, 10), 100);
  // under the strip, or past the far edge: centred in the free part (60..300, centre 180)
  assert.equal(scrollToShow(300, 300, 60, 320, 10), 320 + 5 - 180);
  assert.equal(scrollToShow(0, 300, 60, 700, 10), 700 + 5 - 180);
  assert.equal(scrollToShow(500, 300, 60, 60, 10), 0);
});

test('a phone fits the enlarged map into its box, labelling only as many tokens as have room', () => {
  // 320 px box, 50 px of labels: 84 tokens get 270 / 84 px each; a short story keeps full size
  assert.equal(fittedCell(320, 50, 84, 10), 270 / 84);
  assert.equal(50 + 84 * fittedCell(320, 50, 84, 10), 320);
  assert.equal(fittedCell(320, 50, 20, 10), 10);
  assert.equal(fittedCell(0, 50, 84, 10), 10, 'a box not laid out yet: full size');
  assert.equal(labelStep(10, 10), 1);
  assert.equal(labelStep(270 / 84, 10), 4); // 3.2 px cells: a label every 4th token, 12.9 px apart
  assert.equal(labelStep(5, 10), 2);
});

// --- W1 ----------------------------------------------------------------------------------------

test('the window holds the 8 tokens before the cursor', () => {
  const roles = Array.from({ length: 12 }, (_, i) => windowRole(i, 10, 8));
  assert.deepEqual(roles, [
    'gone',
    'gone',
    'window',
    'window',
    'window',
    'window',
    'window',
    'window',
    'window',
    'window',
    'future',
    'future',
  ]);
  const mia = readJson(`${ARTIFACTS}examples/mia_doll.json`);
  assert.equal(markCursor(mia.marks.recall), mia.marks.recall.position + 1);
});

test('listOf reads a comma-separated attribute', () => {
  assert.deepEqual(listOf(' mia_doll, tom_he,,zorbin '), ['mia_doll', 'tom_he', 'zorbin']);
  assert.deepEqual(listOf(null), []);
  assert.deepEqual(listOf(''), []);
});

// --- importing under Node ------------------------------------------------------------------

test('browser helpers degrade quietly without a DOM', () => {
  assert.equal(isDark(), false);
  const stop = watchTheme(() => {});
  stop();
  define('sprout-nothing', class {});
});

test('pageScheme reads Material, JupyterLab and VS Code, and leaves other pages to the system', () => {
  const body = (attributes, classes = []) => ({
    getAttribute: (name) => attributes[name] ?? null,
    classList: { contains: (name) => classes.includes(name) },
  });
  assert.equal(pageScheme(body({ 'data-md-color-scheme': 'slate' })), true);
  assert.equal(pageScheme(body({ 'data-md-color-scheme': 'default' }, ['vscode-dark'])), false);
  assert.equal(pageScheme(body({ 'data-jp-theme-light': 'false' })), true);
  assert.equal(pageScheme(body({ 'data-jp-theme-light': 'true' })), false);
  assert.equal(pageScheme(body({}, ['vscode-dark'])), true);
  assert.equal(pageScheme(body({}, ['vscode-high-contrast', 'vscode-high-contrast-light'])), false);
  assert.equal(pageScheme(body({})), null);
  assert.equal(pageScheme(undefined), null);
});

// --- predictions and downloads ---------------------------------------------------------------

test('nextSentence names the top guesses and what the story has next', async () => {
  const { nextSentence } = await import('../explorer/core.js');
  const top = [
    { token: ' went', prob: 0.5 },
    { token: '.', prob: 0.25 },
  ];
  assert.equal(
    nextSentence(top, ' Tom', ' ran'),
    "Sprout's top 2 guesses for the token after ‘Tom’: ‘went’ 50.0%, ‘.’ 25.0% (the story has ‘ran’).",
  );
  assert.match(nextSentence(top, ' Tom', undefined), /\(the story ends here\)\.$/);
  assert.equal(nextSentence(undefined, ' Tom', ' ran'), '');
});

test('the explorer view and CSV lines quote what needs quoting', async () => {
  const { weightsCsv } = await import('../explorer/core.js');
  const { csvLine } = await import('../common/format.js');
  assert.equal(csvLine(['a,b', 'say "x"', 'line\nbreak', 3, null]), '"a,b","say ""x""","line\nbreak",3,');
  assert.equal(
    weightsCsv([0.75, 0.25], ['◆', ' he, said']),
    'key,token,weight\n0,◆,0.7500\n1," he, said",0.2500\n',
  );
});
