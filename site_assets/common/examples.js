// The example files W2 and W5 show: where one lives, fetched, checked and decoded once per page;
// or an example carried inside the element (a notebook's output), its attention maybe deflated.
import { base64ToBytes, decodeAttention, unpackAttention } from './attention-data.js';
import { fetchJson, inlineJson } from './load.js';

/** Resolve `name` + ".json" against a folder URL, adding the trailing slash it may lack. */
export function exampleUrl(base, name) {
  const folder = base.endsWith('/') ? base : `${base}/`;
  return `${folder}${encodeURIComponent(name)}.json`;
}

/**
 * Example files, fetched and decoded once per page even when W2 and W5 show the same story
 * (a small cache of promises by URL; a failed load is forgotten so that it can be retried).
 */
const EXAMPLES = new Map();
const KEEP_EXAMPLES = 8;

export function loadExample(url) {
  if (!EXAMPLES.has(url)) {
    // no abort signal: another widget may be waiting for the same file
    const promise = fetchJson(url).then((example) => prepareExample(example, url));
    promise.catch(() => EXAMPLES.delete(url));
    EXAMPLES.set(url, promise);
    if (EXAMPLES.size > KEEP_EXAMPLES) EXAMPLES.delete(EXAMPLES.keys().next().value);
  }
  return EXAMPLES.get(url);
}

/** Check an example's shape and decode its attention once. */
export function prepareExample(example, url = 'the example') {
  const a = example?.attention;
  if (!example || !Array.isArray(example.tokens) || !a || typeof a.data !== 'string') {
    throw new Error(`${url} is not an example file (tokens and attention missing)`);
  }
  if (a.tokens !== example.tokens.length) {
    throw new Error(`${url}: attention covers ${a.tokens} tokens but the story has ${example.tokens.length}`);
  }
  return { ...example, maps: decodeAttention(a.data, a.layers, a.heads, a.tokens) };
}

/**
 * The example carried inside `element` (inlineJson's "example"), checked and decoded, or null
 * when it carries none. Its attention may be "tril-u8-deflate-base64": the same bytes as
 * "tril-u8-base64", zlib-compressed (sprout/analysis/encoding.py's deflate_encoded).
 */
export async function inlineExample(element) {
  const example = inlineJson(element, 'example');
  if (!example) return null;
  const where = `the story inside <${element.localName}>`;
  const a = example.attention;
  if (a?.encoding !== 'tril-u8-deflate-base64') return prepareExample(example, where);
  if (typeof a.data !== 'string' || !Array.isArray(example.tokens))
    throw new Error(`${where} is not an example (tokens and attention missing)`);
  if (a.tokens !== example.tokens.length)
    throw new Error(
      `${where}: attention covers ${a.tokens} tokens but the story has ${example.tokens.length}`,
    );
  let packed;
  try {
    const stream = new Blob([base64ToBytes(a.data)]).stream().pipeThrough(new DecompressionStream('deflate'));
    packed = new Uint8Array(await new Response(stream).arrayBuffer());
  } catch (err) {
    throw new Error(`${where}: its attention data cannot be read (${err.message})`, { cause: err });
  }
  return { ...example, maps: unpackAttention(packed, a.layers, a.heads, a.tokens) };
}
