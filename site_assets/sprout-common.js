// Shared helpers for Sprout's widgets: the attention decoder, the colour scale, the theme
// listener, lazy loading, fetching, safe element definition, and the base classes the widgets
// extend (SproutElement for all of them, HeadWidget for W2 and W5).
// Everything above the "Browser helpers" line is pure and imports cleanly under Node.

// ---------------------------------------------------------------------------------------------
// Attention decoding (the layout of build_artifacts/encoding.py)

export function triangleSize(T) {
  return (T * (T + 1)) / 2;
}

export function base64ToBytes(base64) {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Decode the "tril-u8-base64" attention of one example.
 * The encoded bytes hold, per layer, per head, per query row t, the weights of keys 0..t as
 * bytes that add up to 255 per row; weight = byte / 255.
 * Returns { layers, heads, T, bytes, weight(layer, head, t, j), byte(...), head(layer, head),
 * row(layer, head, t) }: `bytes` is one square T x T block per head (zeros above the diagonal),
 * all indices 0-based.
 */
export function decodeAttention(base64, layers, heads, T) {
  let packed;
  try {
    packed = base64ToBytes(base64);
  } catch (err) {
    throw new Error(`attention data is not valid base64 (${err.message})`);
  }
  return unpackAttention(packed, layers, heads, T);
}

/** decodeAttention's result from the packed bytes themselves (as a page computes them). */
export function unpackAttention(packed, layers, heads, T) {
  const perHead = triangleSize(T);
  const expected = layers * heads * perHead;
  if (packed.length !== expected) {
    throw new Error(`encoded attention holds ${packed.length} bytes, expected ${expected} ` +
                    `for ${layers} layers x ${heads} heads x ${T} tokens`);
  }
  const square = T * T;
  const bytes = new Uint8Array(layers * heads * square);
  let source = 0;
  for (let block = 0; block < layers * heads; block++) {
    const base = block * square;
    for (let t = 0; t < T; t++) {
      bytes.set(packed.subarray(source, source + t + 1), base + t * T);
      source += t + 1;
    }
  }
  const offset = (layer, head) => (layer * heads + head) * square;
  return {
    layers, heads, T, bytes,
    byte: (layer, head, t, j) => bytes[offset(layer, head) + t * T + j],
    weight: (layer, head, t, j) => bytes[offset(layer, head) + t * T + j] / 255,
    head: (layer, head) => bytes.subarray(offset(layer, head), offset(layer, head) + square),
    row: (layer, head, t) => {
      const start = offset(layer, head) + t * T;
      return Array.from(bytes.subarray(start, start + t + 1), (b) => b / 255);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Numbers for readers

export function formatPercent(weight) {
  return `${(weight * 100).toFixed(1)}%`;
}

/** Indices of the k largest values, largest first; ties go to the earlier index. */
export function topK(values, k) {
  const order = Array.from(values, (_, i) => i);
  order.sort((a, b) => values[b] - values[a] || a - b);
  return order.slice(0, k);
}

/** A token as readers see it: ◆ stays, a leading space is dropped, blanks become visible. */
export function displayToken(token) {
  const shown = token.replace(/^ /, '').replace(/\n/g, '↵').replace(/\t/g, '⇥');
  return shown.length && shown.trim().length ? shown : shown.replace(/ /g, '␣') || '␣';
}

/** The token in curly quotes, as the readouts name it. */
export function quoted(token) {
  return `‘${displayToken(token)}’`;
}

/** "mia_doll" -> "mia doll": a stand-in for an example's title until its file is loaded. */
export function humanize(id) {
  return id.replace(/_/g, ' ');
}

/** W2 and W5 tell each other which head (and example) a reader picked. */
export const HEAD_SELECT = 'sprout-head-select';

// ---------------------------------------------------------------------------------------------
// Colour scale: viridis, light end first. In the light palette weight 0 is paper-white and
// weight 1 is viridis' dark purple; in the dark palette the order flips (0 is near the slate
// background, 1 is viridis' bright yellow). Lightness rises or falls monotonically either way,
// so the scale reads without hue vision, and "no weight" always looks like the page.

const VIRIDIS = [
  [68, 1, 84], [72, 40, 120], [62, 74, 137], [49, 104, 142], [38, 130, 142],
  [31, 158, 137], [53, 183, 121], [109, 205, 89], [180, 222, 44], [253, 231, 37],
];
const LIGHT_STOPS = [[255, 255, 255], ...VIRIDIS.slice().reverse()];
const DARK_STOPS = [[36, 38, 50], ...VIRIDIS.slice(1)]; // viridis' first purple is darker than slate

export function colorScaleRgb(t, dark = false) {
  const stops = dark ? DARK_STOPS : LIGHT_STOPS;
  const x = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0)) * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(x));
  const f = x - i;
  return stops[i].map((c, k) => Math.round(c + (stops[i + 1][k] - c) * f));
}

export function colorScale(t, dark = false) {
  const [r, g, b] = colorScaleRgb(t, dark);
  return `rgb(${r}, ${g}, ${b})`;
}

function relativeLuminance([r, g, b]) {
  const lin = (c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** Black or white text, whichever contrasts more with the background colour [r, g, b]. */
export function textColorOn(rgb) {
  const L = relativeLuminance(rgb);
  return (1.05) / (L + 0.05) > (L + 0.05) / 0.05 ? '#fff' : '#000';
}

/**
 * The 256 colours that byte-encoded weights can take (weight = byte / 255), for fast drawing:
 * { rgb: Uint8ClampedArray(256 * 3), css: string[256], text: string[256] }.
 */
const tables = new Map();
export function colorTable(dark = false) {
  const key = dark ? 'dark' : 'light';
  if (!tables.has(key)) {
    const rgb = new Uint8ClampedArray(256 * 3);
    const css = [];
    const text = [];
    for (let b = 0; b < 256; b++) {
      const c = colorScaleRgb(b / 255, dark);
      rgb.set(c, b * 3);
      css.push(`rgb(${c[0]}, ${c[1]}, ${c[2]})`);
      text.push(textColorOn(c));
    }
    tables.set(key, { rgb, css, text });
  }
  return tables.get(key);
}

// ---------------------------------------------------------------------------------------------
// URL hash state: "#explorer=tom_he/7/2/57&heads=zorbin/5/4". Keys contain "=", which
// MkDocs heading anchors never do, so a heading link is left alone and simply replaced.

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
    .map(([key, value]) => `${encodeURIComponent(key)}=${String(value).split('/').map(encodeURIComponent).join('/')}`);
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
        if (hash !== location.hash) history.replaceState(history.state, '', hash);
      }, delay);
    },
    cancel() {
      clearTimeout(timer);
    },
  };
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

/** "a, b,,c" -> ["a", "b", "c"]: a comma-separated attribute as a list. */
export function listOf(text) {
  return (text || '').split(',').map((s) => s.trim()).filter(Boolean);
}

export function clampInt(value, low, high, fallback) {
  const n = Number.parseInt(value, 10);
  if (!Number.isFinite(n)) return fallback;
  return Math.min(high, Math.max(low, n));
}

/** Resolve `name` + ".json" against a folder URL, adding the trailing slash it may lack. */
export function exampleUrl(base, name) {
  const folder = base.endsWith('/') ? base : `${base}/`;
  return `${folder}${encodeURIComponent(name)}.json`;
}

// ---------------------------------------------------------------------------------------------
// Browser helpers (guarded so that importing this file under Node does not fail)

/** Base class for the widgets: HTMLElement in a browser, an empty class elsewhere. */
export const ElementBase = globalThis.HTMLElement ?? class {};

export function define(name, cls) {
  const registry = globalThis.customElements;
  if (registry && !registry.get(name)) registry.define(name, cls);
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** MkDocs Material's palette when the page has one, else the reader's system preference. */
export function isDark() {
  const scheme = globalThis.document?.body?.getAttribute('data-md-color-scheme');
  if (scheme) return scheme === 'slate';
  return Boolean(globalThis.matchMedia?.(DARK_QUERY).matches);
}

/** Call back(dark) whenever the palette flips; returns a function that stops watching. */
export function watchTheme(callback) {
  let last = isDark();
  const check = () => {
    const now = isDark();
    if (now !== last) {
      last = now;
      callback(now);
    }
  };
  const body = globalThis.document?.body;
  const observer = body && globalThis.MutationObserver ? new MutationObserver(check) : null;
  observer?.observe(body, { attributes: true, attributeFilter: ['data-md-color-scheme'] });
  const media = globalThis.matchMedia?.(DARK_QUERY);
  media?.addEventListener?.('change', check);
  return () => {
    observer?.disconnect();
    media?.removeEventListener?.('change', check);
  };
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

/** Shared CSS for every widget's shadow root (Material's variables with fallbacks). */
export const BASE_CSS = `
:host {
  display: block;
  --fg: var(--md-default-fg-color, #1f1f24);
  --fg-light: var(--md-default-fg-color--light, rgba(0, 0, 0, 0.58));
  --fg-lighter: var(--md-default-fg-color--lighter, rgba(0, 0, 0, 0.32));
  --fg-lightest: var(--md-default-fg-color--lightest, rgba(0, 0, 0, 0.08));
  --bg: var(--md-default-bg-color, #fff);
  --accent: var(--md-accent-fg-color, #526cfe);
  --primary: var(--md-primary-fg-color, #4051b5);
  --code-bg: var(--md-code-bg-color, rgba(127, 127, 127, 0.08));
  color: var(--fg);
  font-family: var(--md-text-font-family, system-ui, -apple-system, "Segoe UI", sans-serif);
  font-size: 0.8rem;
  line-height: 1.5;
  margin: 1em 0;
  max-width: 100%;
  box-sizing: border-box;
}
:host([hidden]) { display: none; }
[hidden] { display: none !important; }
* { box-sizing: border-box; }
.frame {
  border: 1px solid var(--fg-lightest);
  border-radius: 0.3rem;
  padding: 0.6rem;
  background: var(--bg);
  max-width: 100%;
}
.controls { display: flex; flex-wrap: wrap; gap: 0.4rem 0.9rem; align-items: center; margin-bottom: 0.4rem; }
.controls label { display: inline-flex; gap: 0.3rem; align-items: center; max-width: 100%; min-width: 0; }
/* long story titles must not push a phone-width page sideways */
select { max-width: 100%; min-width: 0; text-overflow: ellipsis; }
select, button, input {
  font: inherit;
  color: inherit;
}
select, button {
  background: var(--bg);
  border: 1px solid var(--fg-lighter);
  border-radius: 0.2rem;
  padding: 0.1rem 0.35rem;
  cursor: pointer;
}
button:hover, select:hover { border-color: var(--accent); }
:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.hint { color: var(--fg-light); font-size: 0.9em; margin: 0.2rem 0; }
.error { color: #b00020; font-weight: 600; white-space: pre-wrap; overflow-wrap: anywhere; }
:host([data-theme="dark"]) .error { color: #ff8a80; }
kbd {
  font-family: var(--md-code-font-family, ui-monospace, monospace);
  font-size: 0.85em;
  border: 1px solid var(--fg-lighter);
  border-radius: 0.2rem;
  padding: 0 0.25em;
}
.visually-hidden {
  position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap;
}
`;

/**
 * Dark fallbacks for pages without Material's variables (W3 and W4 add these to BASE_CSS): the
 * host's data-theme says which palette the page has.
 */
export const DARK_CSS = `
:host([data-theme="dark"]) {
  --fg: var(--md-default-fg-color, #e2e4e9);
  --fg-light: var(--md-default-fg-color--light, rgba(255, 255, 255, 0.62));
  --fg-lighter: var(--md-default-fg-color--lighter, rgba(255, 255, 255, 0.34));
  --fg-lightest: var(--md-default-fg-color--lightest, rgba(255, 255, 255, 0.1));
  --bg: var(--md-default-bg-color, #1e2129);
  --accent: var(--md-accent-fg-color, #8a9bff);
}
`;

/** The colour-scale legend of W2 and W5: a ramp (painted by HeadWidget.paintRamp) and the hatching of the future. */
export const SCALE_LEGEND_CSS = `
.ramp { display: inline-block; width: 7rem; height: 0.8rem; border: 1px solid var(--fg-lightest); vertical-align: middle; }
.hatch-sample { display: inline-block; width: 1.6rem; height: 0.8rem; vertical-align: middle;
  background: repeating-linear-gradient(135deg, transparent 0 3px, var(--fg-lighter) 3px 6px); }
`;

/** Create an element with a class and (plain-text) content: story text only ever goes here. */
export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Create an SVG element with attributes. */
export function svgEl(tag, attrs = {}) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  return node;
}

/** A `<button type=button data-action=...>` that calls onClick. */
export function actionButton(action, text, onClick) {
  const button = el('button', '', text);
  button.type = 'button';
  button.dataset.action = action;
  button.addEventListener('click', onClick);
  return button;
}

/**
 * Give `host` an open shadow root built from `template` (static markup, never data) and return
 * the parts named in `selectors`: { story: '.story' } -> { story: <the .story element> }.
 */
export function shadowParts(host, template, selectors) {
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML = template; // static template, no data
  return Object.fromEntries(Object.entries(selectors).map(([name, selector]) => [name, root.querySelector(selector)]));
}

/** Give `host` an open shadow root holding `<style>css</style>` and an empty `.frame`; returns the frame. */
export function shadowFrame(host, css) {
  const root = host.attachShadow({ mode: 'open' });
  const style = el('style');
  style.textContent = css;
  const frame = el('div', 'frame');
  root.append(style, frame);
  return frame;
}

/** Show `message` in a widget's error line (`role=alert`) and mark the host with `error`. */
export function showErrorLine(host, line, message) {
  line.hidden = false;
  line.textContent = message;
  host.setAttribute('error', '');
}

/**
 * The lifecycle every widget shares. On each connect: build() the first time, a fresh
 * `lifetime` (an AbortController; pass its signal to listeners and fetches), the palette in
 * `dark` and the host's `data-theme` (kept up to date; themeChanged(dark) runs after a flip),
 * then connected(). On disconnect the lifetime is aborted and the theme no longer watched, then
 * disconnected(). Subclasses fill in whichever of the four hooks they need.
 */
export class SproutElement extends ElementBase {
  connectedCallback() {
    if (!this.built) {
      this.built = true;
      this.build();
    }
    this.lifetime = new AbortController();
    this.markTheme(isDark());
    this.stopTheme = watchTheme((dark) => {
      this.markTheme(dark);
      this.themeChanged(dark);
    });
    this.connected();
  }

  disconnectedCallback() {
    this.lifetime?.abort();
    this.stopTheme?.();
    this.disconnected();
  }

  markTheme(dark) {
    this.dark = dark;
    this.setAttribute('data-theme', dark ? 'dark' : 'light');
  }

  build() {}

  connected() {}

  disconnected() {}

  themeChanged() {}
}

/**
 * What W2 and W5 share. Each shows one head (`state.layer`, `state.head`, 1-based) of one example
 * story (`state.example`, chosen in `ui.example` among the `examples` attribute's), loads its
 * story only once it comes near the viewport (or is woken), keeps the reader's pick in the URL
 * hash (key: the `hash` attribute, default `static hashName`; "off" disables it) and tells the
 * other widget about it with HEAD_SELECT events.
 *
 * A subclass calls startSelection() from connected() and fills in: initialState(),
 * exampleFolder(), setExample(data, name) (starting with takeExample), userSet(change, announce),
 * headSelectChange(detail) (the change another widget's pick makes here), parseHash(text) (the
 * wanted state or null), useHash(wanted, load) and hashText() (the state as the hash shows it,
 * or null while there is nothing to record).
 */
export class HeadWidget extends SproutElement {
  /**
   * Read the examples offered and the selection (initialState() on the first connect; a moved
   * element keeps the reader's), and start listening to the hash and to the other widget.
   * Returns true on the first connect.
   */
  startSelection() {
    this.examples = listOf(this.getAttribute('examples') || this.getAttribute('example'));
    // a moved element (removed and inserted again) keeps the reader's selection
    const first = !this.state;
    this.state ||= this.initialState();
    if (this.state.example && !this.examples.includes(this.state.example)) this.examples.unshift(this.state.example);
    this.hash = hashWriter();
    const signal = this.lifetime.signal;
    document.addEventListener(HEAD_SELECT, (event) => this.onHeadSelect(event), { signal });
    window.addEventListener('hashchange', () => this.applyHash(true), { signal });
    this.woken = new Promise((resolve) => { this.wake = resolve; });
    whenVisible(this, { signal }).then(() => this.wake());
    return first;
  }

  disconnected() {
    this.hash?.cancel();
  }

  // --- the selection ---------------------------------------------------------------------

  /** The public way to change the selection (1-based layer and head); nothing is announced. */
  select(change) {
    this.userSet(change, false);
  }

  /** Tell the other widgets which head (and example) the reader picked. */
  announce() {
    const { example, layer, head } = this.state;
    const group = this.getAttribute('group') || '';
    document.dispatchEvent(new CustomEvent(HEAD_SELECT, { detail: { example, layer, head, group, source: this } }));
  }

  onHeadSelect(event) {
    const detail = event.detail || {};
    // widgets with a `group` attribute talk only to their group (a page's own story vs the examples)
    if (detail.source === this || (detail.group || '') !== (this.getAttribute('group') || '')) return;
    this.wake();
    this.userSet(this.headSelectChange(detail), false);
  }

  // --- the URL hash ----------------------------------------------------------------------

  hashKey() {
    return this.getAttribute('hash') || this.constructor.hashName;
  }

  /** Show what the hash asks for (scrolling to it if `scroll`; `load` false: leave loading to the caller). */
  applyHash(scroll, load = true) {
    const key = this.hashKey();
    if (key === 'off') return;
    const wanted = this.parseHash(parseHashState(location.hash)[key]);
    if (!wanted) return;
    if (!this.examples.includes(wanted.example)) this.examples.push(wanted.example);
    this.wake?.();
    this.useHash(wanted, load);
    if (scroll) scrollIntoViewSettled(this);
  }

  /** After a reader's change: record the selection in the URL (without a history entry). */
  writeHash() {
    if (!this.dirty || !this.data || this.dataName !== this.state.example) return;
    const text = this.hashText();
    if (text === null) return;
    this.dirty = false;
    if (this.hashKey() === 'off') return;
    this.hash.write(this.hashKey(), text);
  }

  // --- loading ---------------------------------------------------------------------------

  /**
   * Show a story made in the page rather than an example file: `data` as prepareExample
   * returns it. A widget with source="page" loads no example file and waits for this call.
   */
  showStory(data, name) {
    this.ticket = (this.ticket || 0) + 1; // an example still loading is no longer wanted
    this.examples = [name];
    this.state.example = name;
    this.fillExampleSelect();
    this.setExample(data, name);
  }

  async show(name) {
    if (this.getAttribute('source') === 'page') return;
    if (!name) {
      this.showError('No example chosen: give the element an "example" or "examples" attribute.');
      return;
    }
    // the story menu names the chosen story at once, not only once its file has loaded
    this.ui.example.value = name;
    const ticket = (this.ticket = (this.ticket || 0) + 1);
    await this.woken;
    if (ticket !== this.ticket || !this.isConnected) return;
    const url = exampleUrl(this.exampleFolder(), name);
    try {
      const data = await loadExample(url);
      if (ticket !== this.ticket || !this.isConnected) return;
      this.setExample(data, name);
    } catch (err) {
      if (ticket === this.ticket && err.name !== 'AbortError') this.showError(err.message);
    }
  }

  /** The loaded story becomes the one shown; its title replaces the id in the story menu. */
  takeExample(data, name) {
    this.data = data;
    this.dataName = name;
    this.ui.error.hidden = true;
    this.removeAttribute('error');
    for (const option of this.ui.example.options) {
      if (option.value === name && data.title) option.textContent = data.title;
    }
    this.ui.example.value = name;
  }

  showError(message) {
    showErrorLine(this, this.ui.error, message);
  }

  fillExampleSelect() {
    const select = this.ui.example;
    const known = new Map([...select.options].map((o) => [o.value, o.textContent]));
    select.replaceChildren(...this.examples.map((id) => {
      const option = el('option', '', known.get(id) || humanize(id));
      option.value = id;
      return option;
    }));
    select.value = this.state.example;
    select.closest('label').hidden = this.examples.length < 2;
  }

  /** The legend's colour ramp, repainted when the palette flips. */
  paintRamp() {
    if (this.rampDark === this.dark) return;
    this.rampDark = this.dark;
    const stops = Array.from({ length: 11 }, (_, i) => colorScale(i / 10, this.dark));
    this.ui.ramp.style.background = `linear-gradient(to right, ${stops.join(', ')})`;
  }
}
