// Lays out the parts of the page the browser skipped, once the page has settled. Each stretch of
// text between two headings is a `.sprout-part` (build_site/page_parts.py) with
// content-visibility: auto: the browser styles and lays out only the parts near the screen, and
// keeps the view still when a part above it gets its real height. Skipped parts are not in the
// accessibility tree, so from a few seconds after the load they are laid out for good, one per
// idle moment (each gets the class `laid-out`), and a screen reader then has the whole page.
// Doing that right after the load kept a slow phone's main thread busy just when the reader
// starts (a frame of 55-85 ms per part with the CPU slowed 4x).
// MkDocs Material's `document$` emits on the first load and after every instant navigation.
(function () {
  const SETTLE_MS = 5000; // from the load until the skipped parts are laid out
  const idle = window.requestIdleCallback || ((callback) => setTimeout(callback, 1));
  let run = 0;

  function layOutParts(current) {
    const next = () => {
      if (current !== run) return; // an instant navigation brought another page
      const part = document.querySelector('.sprout-part:not(.laid-out)');
      if (!part) return;
      part.classList.add('laid-out');
      idle(next, { timeout: 1000 });
    };
    idle(next, { timeout: 1000 });
  }

  function afterLoad() {
    const current = ++run;
    const settle = () => setTimeout(() => layOutParts(current), SETTLE_MS);
    if (document.readyState === 'complete') settle();
    else window.addEventListener('load', settle, { once: true });
  }

  if (window.document$) window.document$.subscribe(afterLoad);
  else afterLoad();
})();
