// The chapter's figures made ready for paper, run in the page by build_site/pdf.py (headless
// Chromium). A chart (<sprout-figure>) prints its still; a quiz is rewritten by ./page.js; every
// other widget prints as a picture of its opening state under the caption its class declares
// (`static printCaption`), so a widget without one stops the PDF instead of printing unnamed.
// Before a widget is pictured, everything fixed or sticky on the page (the site's header, tabs,
// search) is hidden, and the picture is refused while anything outside the widget covers its box.

const CHART = 'sprout-figure';
// the elements the paper page rewrites in a form of their own instead of a picture
const OWN_PAPER_FORM = new Set([CHART, 'sprout-quiz']);
const PREFIX = 'sprout-';

/** The tags among `tags` to picture, each with its caption from `captionOf(tag)`; the ones whose
 * class declares none in `missing`. */
export function captionsFor(tags, captionOf) {
  const widgets = [];
  const missing = [];
  for (const tag of new Set(tags)) {
    if (OWN_PAPER_FORM.has(tag)) continue;
    const caption = captionOf(tag);
    if (typeof caption === 'string' && caption.trim()) widgets.push({ tag, caption: caption.trim() });
    else missing.push(tag);
  }
  return { widgets, missing };
}

/** The chapter's own widgets (not those inside another widget), in page order. */
export function pageWidgets(doc = document) {
  return [...doc.querySelectorAll('article *')].filter(
    (el) => el.localName.startsWith(PREFIX) && !OWN_PAPER_FORM.has(el.localName),
  );
}

/** The selector of every figure the paper waits for: the widgets and the charts. */
export function figureSelector(doc = document) {
  return [...new Set([...pageWidgets(doc).map((el) => el.localName), CHART])].join(', ');
}

/** {tag: caption} of the page's widgets, from their classes; throws naming one without. */
export function widgetCaptions(doc = document, registry = customElements) {
  const { widgets, missing } = captionsFor(
    pageWidgets(doc).map((el) => el.localName),
    (tag) => registry.get(tag)?.printCaption,
  );
  if (missing.length)
    throw new Error(`<${missing[0]}> has no paper caption: give its class a static printCaption`);
  return Object.fromEntries(widgets.map(({ tag, caption }) => [tag, caption]));
}

/** Whether an element has drawn its opening state: `ready`, but for the story block, which is
 * ready only once a reader's story is analysed: its download's size is shown by then. */
export const isReady = (el) =>
  el.localName === 'sprout-story'
    ? Boolean(el.shadowRoot?.querySelector('.size')?.textContent)
    : el.hasAttribute('ready');

/** One line naming an element: its tag and, for a chart, its figure's name. */
export const nameOf = (el) => el.localName + (el.getAttribute('name') ? ` "${el.getAttribute('name')}"` : '');

function errorOf(el) {
  if (!el.hasAttribute('error') && !el.querySelector(':scope > .sprout-figure-error')) return null;
  const shown = (el.shadowRoot || el).querySelector('[role=alert], .sprout-figure-error');
  return (shown?.textContent || 'an error').trim();
}

/** Each figure's index, name, readiness and error (null if none). */
export function figureStates(selector, doc = document) {
  return [...doc.querySelectorAll(selector)].map((el, index) => ({
    index,
    name: nameOf(el),
    ready: isReady(el),
    error: errorOf(el),
  }));
}

/** What a screen reader hears from a widget as it opens: its live regions and status lines. */
export const spokenText = (el) =>
  [...(el.shadowRoot || el).querySelectorAll('[aria-live], [role=status]')]
    .map((node) => node.textContent.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join(' ');

/** The id of the heading a figure sits under: its live address is the chapter's at that heading. */
export function headingIdBefore(el, doc = document) {
  const headings = [...doc.querySelectorAll('article h2[id], article h3[id]')];
  const before = headings.filter((h) => h.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
  return before.length ? before[before.length - 1].id : '';
}

/** Scrolls the index-th figure to the middle of the screen and resolves once a frame has been
 * drawn there, so that its own observer has seen it near (a figure in a note: once it is open). */
export function bringNear(selector, index, doc = document) {
  const el = doc.querySelectorAll(selector)[index];
  const note = el.closest('details');
  if (note) note.open = true;
  el.scrollIntoView({ block: 'center' });
  return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())));
}

/** Whether two boxes ({left, top, right, bottom}) share more than `slack` pixels each way. */
export const boxesOverlap = (a, b, slack = 1) =>
  Math.min(a.right, b.right) - Math.max(a.left, b.left) > slack &&
  Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > slack;

/** Everything fixed or sticky on the page (the site's header, tabs, search, the back-to-top
 * button) hidden, so that no picture catches it. -> how many elements were hidden. */
export function hideFixedChrome(doc = document) {
  let hidden = 0;
  for (const el of doc.body.querySelectorAll('*')) {
    const position = getComputedStyle(el).position;
    if (position === 'fixed' || position === 'sticky') {
      el.style.setProperty('visibility', 'hidden', 'important');
      hidden += 1;
    }
  }
  return hidden;
}

function describe(el) {
  const classes = [...el.classList].slice(0, 2).map((c) => `.${c}`);
  return el.localName + (el.id ? `#${el.id}` : '') + classes.join('');
}

/** The elements outside `widget` (neither its ancestors nor inside it) that are drawn over any
 * part of its box, each described in a few characters. */
export function coveringElements(widget, doc = document) {
  const box = widget.getBoundingClientRect();
  const covering = [];
  for (const el of doc.body.querySelectorAll('*')) {
    if (el === widget || el.contains(widget) || widget.contains(el)) continue;
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    const rect = el.getBoundingClientRect();
    if (rect.width > 0 && rect.height > 0 && boxesOverlap(box, rect)) covering.push(describe(el));
  }
  return covering;
}

/** The index-th widget (of `selector`) marked for its picture; -> what the paper needs of it. */
export function markForPicture(selector, index, doc = document) {
  const el = doc.querySelectorAll(selector)[index];
  el.setAttribute('data-print-index', String(index));
  return {
    tag: el.localName,
    spoken: spokenText(el),
    anchor: headingIdBefore(el, doc),
    covering: coveringElements(el, doc),
  };
}

/** Each chart shows its wide, light still with the summary a screen reader gets as its text
 * alternative; -> the names of the charts whose still would not load. */
export async function chartStills(doc = document) {
  const failed = [];
  await Promise.all(
    [...doc.querySelectorAll(CHART)].map(async (chart) => {
      const still = chart.querySelector('img.sprout-figure-still');
      const name = chart.getAttribute('name');
      if (!still) {
        failed.push(name);
        return;
      }
      still.loading = 'eager';
      still.src = `${chart.getAttribute('stills')}-wide-light.svg`;
      still.alt = chart.querySelector('.sprout-figure-summary')?.textContent.trim() || name;
      try {
        await still.decode();
      } catch {
        failed.push(name);
        return;
      }
      if (!still.naturalWidth) failed.push(name);
    }),
  );
  return failed;
}

/** Every widget of `selector` replaced by the paper figure (HTML) made for it. */
export function replaceWithStills(selector, figures, doc = document) {
  [...doc.querySelectorAll(selector)].forEach((el, i) => {
    const holder = doc.createElement('div');
    holder.innerHTML = figures[i];
    el.replaceWith(...holder.childNodes);
  });
}
