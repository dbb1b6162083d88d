// Unit tests for what lets every element work on any page: starting a worker from another
// origin (common/worker.js), one-sentence messages and blank text (common/format.js), and the
// line a permalink out of range gets (common/url-state.js). node --test site_assets/tests/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveObjectURL } from 'node:buffer';

import { isBlank, sentence } from '../../common/format.js';
import { outOfRangeSentence } from '../../common/url-state.js';
import { workerStartUrl } from '../../common/worker.js';

const WORKER = 'https://book.example.org/sprout/assets/sprout/story/worker.js';

test("on the widget's own site the worker file itself is started", () => {
  assert.equal(workerStartUrl(WORKER, 'https://book.example.org'), WORKER);
  assert.equal(workerStartUrl(new URL(WORKER), 'https://book.example.org'), WORKER);
});

test('on another origin a blob imports the worker by its absolute URL, once per file', async () => {
  const started = workerStartUrl(WORKER, 'https://notes.example.com');
  assert.match(started, /^blob:/);
  assert.equal(await resolveObjectURL(started).text(), `import "${WORKER}";\n`);
  assert.equal(workerStartUrl(WORKER, 'http://localhost:8000'), started);
  const other = workerStartUrl(WORKER.replace('story', 'grow'), 'https://notes.example.com');
  assert.notEqual(other, started);
  assert.match(await resolveObjectURL(other).text(), /grow\/worker\.js"/);
  // a port is part of the origin: another port is another origin
  assert.match(workerStartUrl('http://127.0.0.1:8001/w.js', 'http://127.0.0.1:8002'), /^blob:/);
});

test('a URL with quotes or a backslash is still one string in the import', async () => {
  const odd = 'https://a.example/x"y\\z/worker.js';
  const text = await resolveObjectURL(workerStartUrl(odd, 'https://b.example')).text();
  assert.equal(JSON.parse(text.slice('import '.length, -2)), new URL(odd).href);
});

test('a message made of parts ends with exactly one full stop', () => {
  const cases = [
    ["The model cannot run here: Script at 'x/worker.js' cannot be accessed.", 'accessed.'],
    ['The model cannot run here: Failed to fetch', 'fetch.'],
    ['the race stopped: it diverged!', 'diverged!'],
    ['  Is it there?  ', 'there?'],
    ["The file said 'no.'", "'no.'"],
  ];
  for (const [text, ending] of cases) {
    const said = sentence(text);
    assert.ok(said.endsWith(ending), said);
    assert.doesNotMatch(said, /\.\.$/);
    assert.match(said, /^[A-Z]/);
  }
});

test('a text of spaces and invisible characters is blank; any visible character is not', () => {
  for (const blank of ['', '  \n\t', '\u200b', '\u200b\u200c\u200d\ufeff\u2060', '\u00a0\u200b '])
    assert.equal(isBlank(blank), true, JSON.stringify(blank));
  for (const text of ['a', '\u200bTom', '◆', '.', '\u200b\u00e9'])
    assert.equal(isBlank(text), false, JSON.stringify(text));
});

test('permalink numbers out of range are named, with the nearest that is shown', () => {
  const ranges = { layer: [1, 8], head: [1, 6], token: [0, 74] };
  assert.equal(outOfRangeSentence({ layer: 7, head: 2, token: 57 }, ranges), null);
  assert.equal(outOfRangeSentence({ layer: 8, head: 6, token: 74 }, ranges), null);
  assert.equal(
    outOfRangeSentence({ layer: 99999, head: 2, token: 57 }, ranges),
    'In this link, layer 99999 is out of range (1 to 8), so layer 8 is shown.',
  );
  assert.equal(
    outOfRangeSentence({ layer: 9, head: 7, token: 500 }, ranges),
    'In this link, layer 9 is out of range (1 to 8), head 7 is out of range (1 to 6) and token 500 is ' +
      'out of range (0 to 74), so layer 8, head 6 and token 74 are shown.',
  );
  // a number the link leaves out (a token chosen by the story) is not a problem
  assert.equal(outOfRangeSentence({ layer: 2, head: 3, token: null }, ranges), null);
});
