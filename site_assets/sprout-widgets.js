// Starts the widgets of this page as they come near the screen: for each kind of widget the page
// holds (an element <sprout-x>), its module x/sprout-x.js is imported (in a task of its own) once
// the first element of that kind comes within NEAR of the viewport, and never before the first
// paint, so a slow phone shows the text before it spends time on any widget's code, and a widget
// far down the page (or in a closed note) costs nothing until the reader comes near it; a link to
// a widget's state loads them all. A page without a kind loads none of its code. (A page that
// embeds a widget loads its module with a <script type="module"> instead.)
(function () {
  const here = document.currentScript.src; // each widget is a folder beside this file
  const PREFIX = 'sprout-';
  const NEAR = '800px 0px'; // ahead of the widgets' own wait for their data (common/load.js, 300px)
  const requested = new Set();

  function load(tag) {
    if (requested.has(tag)) return;
    requested.add(tag);
    const module = `${tag.slice(PREFIX.length)}/${tag}.js`;
    import(new URL(module, here).href).catch((error) =>
      console.error(`${module} could not be loaded: ${error.message}`),
    );
  }

  let observer = null;
  let removeHashListener = () => {};

  // the page's widgets by kind; once one element of a kind comes near, that kind's module
  function start() {
    observer?.disconnect(); // an instant navigation brought another page
    removeHashListener();
    const byTag = new Map();
    for (const el of document.body.querySelectorAll('*')) {
      if (!el.localName.startsWith(PREFIX)) continue;
      if (!byTag.has(el.localName)) byTag.set(el.localName, []);
      byTag.get(el.localName).push(el);
    }
    const loadAll = () => byTag.forEach((_, tag) => load(tag));
    // a link to a widget's state (#heads=..., #explorer=...) is for a widget that may be far away:
    // every kind is loaded so that the one it names can read it and come into view
    const linked = () => location.hash.includes('=');
    const onHash = () => linked() && loadAll();
    window.addEventListener('hashchange', onHash);
    removeHashListener = () => window.removeEventListener('hashchange', onHash);
    if (!window.IntersectionObserver || linked()) {
      loadAll();
      return;
    }
    observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          const tag = entry.target.localName;
          load(tag);
          for (const el of byTag.get(tag)) observer.unobserve(el);
        }
      },
      { rootMargin: NEAR },
    );
    byTag.forEach((elements) => elements.forEach((el) => observer.observe(el)));
  }

  // after the first paint: the callback of the next frame runs before that frame paints, the
  // timeout after it. MkDocs Material's `document$` emits on the first load and after every
  // instant navigation.
  const soon = () => requestAnimationFrame(() => setTimeout(start));
  if (window.document$) window.document$.subscribe(soon);
  else soon();
})();
