// Loading data: waiting until a widget is near the viewport, and fetching JSON with errors a
// reader can understand.

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
    observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) done();
      },
      { rootMargin },
    );
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
    throw new Error(`Could not load ${url}: ${err.message}`, { cause: err });
  }
  if (!response.ok) {
    throw new Error(
      `Could not load ${url}: HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`,
    );
  }
  try {
    return await response.json();
  } catch (err) {
    if (err.name === 'AbortError') throw err;
    throw new Error(`Could not read ${url}: not valid JSON (${err.message})`, { cause: err });
  }
}

/**
 * Resolves once the parser has read the whole document (at once if it already has). An element
 * defined by an earlier script on the page is upgraded as soon as its start tag is read, before
 * its children: data carried inside it is only whole after this (a notebook's saved views).
 */
export function documentParsed() {
  if (document.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
}

/**
 * Data carried inside the element instead of fetched: the text of its child
 * `<script type="application/json" data-sprout="NAME">` parsed, or null when it has none (a
 * notebook output carries its story this way: sprout/notebook).
 */
export function inlineJson(element, name) {
  const script = [...element.children].find(
    (child) =>
      child.localName === 'script' && child.type === 'application/json' && child.dataset.sprout === name,
  );
  if (!script) return null;
  try {
    return JSON.parse(script.textContent);
  } catch (err) {
    throw new Error(`The ${name} data inside <${element.localName}> is not valid JSON (${err.message})`, {
      cause: err,
    });
  }
}

/** A JSON value as a file to download (for data carried inline, which has no URL). */
export function jsonFile(name, value) {
  return { name, blob: new Blob([JSON.stringify(value)], { type: 'application/json' }) };
}
