// A widget's state in the URL hash: "#explorer=tom_he/7/2/57&heads=zorbin/5/4". Keys contain
// "=", which MkDocs heading anchors never do, so a heading link is left alone and simply replaced.

export function parseHashState(hash) {
  const state = {};
  const body = (hash || '').replace(/^#/, '');
  if (!body.includes('=')) return state;
  for (const part of body.split('&')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    try {
      state[decodeURIComponent(part.slice(0, at))] = decodeURIComponent(part.slice(at + 1));
    } catch {
      // a malformed escape: ignore that part
    }
  }
  return state;
}

export function formatHashState(state) {
  const parts = Object.entries(state)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(
      ([key, value]) =>
        `${encodeURIComponent(key)}=${String(value).split('/').map(encodeURIComponent).join('/')}`,
    );
  return parts.length ? `#${parts.join('&')}` : '';
}

/** The hash after setting one key (keeping other widgets' keys, dropping a heading anchor). */
export function withHashKey(hash, key, value) {
  const state = parseHashState(hash);
  state[key] = value;
  return formatHashState(state);
}

/**
 * Writes one widget's key into the URL hash a moment after the last change (history.replaceState,
 * no history entry). Deferred because browsers throttle (and log) rapid replaceState calls, as
 * when a reader holds an arrow key down. cancel() drops a pending write (on disconnect).
 */
export function hashWriter(delay = 250) {
  let timer = null;
  return {
    write(key, value) {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const hash = withHashKey(location.hash, key, value);
        // an empty URL would keep the old hash: no key left means the address without one
        if (hash !== location.hash)
          history.replaceState(history.state, '', hash || `${location.pathname}${location.search}`);
      }, delay);
    },
    cancel() {
      clearTimeout(timer);
    },
  };
}

/**
 * One widget's state in the URL hash, under the host's `hash` attribute or `key` ("off": none).
 * `apply(text)` shows the state a hash names (false when the text is malformed); it runs at
 * once if the hash names one (scrolling the widget into view) and on every hashchange (a
 * chapter link to that state). `save(text)` records a reader's change. Pass the widget's
 * lifetime signal: listening and any pending write stop with it.
 */
export function hashState(host, key, apply, signal) {
  const name = host.getAttribute('hash') || key;
  const writer = hashWriter();
  const follow = () => {
    const text = name === 'off' ? undefined : parseHashState(location.hash)[name];
    if (text !== undefined && apply(text) !== false) scrollIntoViewSettled(host);
  };
  window.addEventListener('hashchange', follow, { signal });
  signal.addEventListener('abort', () => writer.cancel());
  follow();
  return { save: (text) => name !== 'off' && writer.write(name, text) };
}

/** "tom_he/7/2/57" -> { example: "tom_he", numbers: [7, 2, 57] } or null when malformed. */
export function parseSlashState(text, count) {
  if (typeof text !== 'string') return null;
  const [example, ...rest] = text.split('/');
  if (!/^[a-z0-9_]+$/.test(example) || rest.length !== count) return null;
  const numbers = rest.map((part) => (/^\d+$/.test(part) ? Number(part) : NaN));
  if (numbers.some(Number.isNaN)) return null;
  return { example, numbers };
}

/** ["a"] -> "a"; ["a", "b", "c"] -> "a, b and c". */
function joinAnd(items) {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * What a permalink asked for beyond what the story has, in one sentence (null when nothing):
 * `wanted` holds its numbers ({ layer: 99999, head: 2 }), `ranges` the lowest and highest of each
 * ({ layer: [1, 8], head: [1, 6] }); the widget shows the nearest, and the sentence says which.
 */
export function outOfRangeSentence(wanted, ranges) {
  const beyond = Object.entries(ranges).filter(
    ([name, [low, high]]) => Number.isInteger(wanted[name]) && (wanted[name] < low || wanted[name] > high),
  );
  if (!beyond.length) return null;
  const named = beyond.map(
    ([name, [low, high]]) => `${name} ${wanted[name]} is out of range (${low} to ${high})`,
  );
  const shown = beyond.map(([name, [low, high]]) => `${name} ${Math.min(high, Math.max(low, wanted[name]))}`);
  return `In this link, ${joinAnd(named)}, so ${joinAnd(shown)} ${beyond.length === 1 ? 'is' : 'are'} shown.`;
}

const USER_SCROLLS = ['wheel', 'touchstart', 'keydown', 'pointerdown'];

/**
 * Scroll a deep-linked widget into view and keep it there while the page above it settles
 * (other widgets and figures load and grow), until the reader scrolls or a few seconds pass.
 */
export function scrollIntoViewSettled(element, { settle = 3000 } = {}) {
  element.scrollIntoView({ block: 'start' });
  if (!globalThis.ResizeObserver) return;
  const observer = new ResizeObserver(() => element.scrollIntoView({ block: 'start' }));
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of USER_SCROLLS) window.removeEventListener(type, stop, true);
  };
  const timer = setTimeout(stop, settle);
  for (const type of USER_SCROLLS) window.addEventListener(type, stop, { capture: true, passive: true });
  observer.observe(document.body);
}
