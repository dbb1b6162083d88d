// Loading data: waiting until a widget is near the viewport, fetching JSON with readable errors,
// and example files (fetched and decoded once per page).
import { decodeAttention } from './sprout-attention-data.js';

/** Resolve `name` + ".json" against a folder URL, adding the trailing slash it may lack. */
export function exampleUrl(base, name) {
  const folder = base.endsWith('/') ? base : `${base}/`;
  return `${folder}${encodeURIComponent(name)}.json`;
}

const WAKE_EVENTS = ['pointerdown', 'focusin', 'keydown', 'pointerenter'];

/**
 * Resolves when `element` first comes near the viewport, or at once on the first interaction
 * with it. Pass { signal } to stop waiting (e.g. on disconnect); the promise then never resolves.
 */
export function whenVisible(element, { rootMargin = '300px 0px', signal } = {}) {
  return new Promise((resolve) => {
    if (signal?.aborted) return;
    if (!globalThis.IntersectionObserver) {
      resolve();
      return;
    }
    let observer;
    const done = () => {
      stop();
      resolve();
    };
    const stop = () => {
      observer.disconnect();
      for (const type of WAKE_EVENTS) element.removeEventListener(type, done);
      signal?.removeEventListener('abort', stop);
    };
    observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) done();
    }, { rootMargin });
    observer.observe(element);
    for (const type of WAKE_EVENTS) element.addEventListener(type, done);
    signal?.addEventListener('abort', stop);
  });
}

/** fetch + JSON with errors a reader can understand (they name the URL and the status). */
export async function fetchJson(url, { signal } = {}) {
  let response;
  try {
    response = await fetch(url, { signal });
  } catch (err) {
    if (err.name === 'AbortError') throw err;
    throw new Error(`Could not load ${url}: ${err.message}`);
  }
  if (!response.ok) {
    throw new Error(`Could not load ${url}: HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
  }
  try {
    return await response.json();
  } catch (err) {
    if (err.name === 'AbortError') throw err;
    throw new Error(`Could not read ${url}: not valid JSON (${err.message})`);
  }
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
