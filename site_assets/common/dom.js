// Building a widget's DOM: elements whose text is never parsed as HTML, buttons, download links,
// shadow roots and the error line.

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
 * A link that downloads what `file()` returns when clicked: { name, blob } (made then) or
 * { name, url } (one of the site's own files); null: nothing to download yet.
 */
export function downloadLink(text, file) {
  const link = el('a', 'download', text);
  link.href = '#';
  let made = null;
  link.addEventListener('click', (event) => {
    const got = file();
    if (!got) {
      event.preventDefault();
      return;
    }
    if (made) URL.revokeObjectURL(made);
    made = got.blob ? URL.createObjectURL(got.blob) : null;
    link.href = made || new URL(got.url, document.baseURI).href;
    link.download = got.name;
  });
  return link;
}

/**
 * Give `host` an open shadow root built from `template` (static markup, never data) and return
 * the parts named in `selectors`: { story: '.story' } -> { story: <the .story element> }.
 */
export function shadowParts(host, template, selectors) {
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML = template; // static template, no data
  return Object.fromEntries(
    Object.entries(selectors).map(([name, selector]) => [name, root.querySelector(selector)]),
  );
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

/** Show `message` in a widget's error line (`role=alert`) and in the host's `error` attribute. */
export function showErrorLine(host, line, message) {
  line.hidden = false;
  line.textContent = message;
  host.setAttribute('error', message);
}
