// Lays out the parts of the page that the browser skipped while it loaded. Each stretch of text
// between two headings is a `.sprout-part` (build_site/page_parts.py) with content-visibility:
// auto, so the first screen is styled and laid out without the rest of a long page. Once the
// page has loaded, the other parts are laid out one per idle moment (each a short task, never
// one long one), and each part that is done gets the class `laid-out`; when none is left, the
// document gets the event `sprout-parts-laid-out`.
// MkDocs Material's `document$` emits on the first load and after every instant navigation.
(function () {
  const idle = window.requestIdleCallback || ((callback) => setTimeout(callback, 1));
  let run = 0;

  function layOutParts() {
    const current = ++run; // an instant navigation drops the previous page's parts
    const parts = [...document.querySelectorAll(".sprout-part:not(.laid-out)")];
    const next = () => {
      if (current !== run) return;
      if (!parts.length) {
        document.dispatchEvent(new Event("sprout-parts-laid-out"));
        return;
      }
      parts.shift().classList.add("laid-out");
      idle(next, { timeout: 1000 });
    };
    idle(next, { timeout: 1000 });
  }

  function afterLoad() {
    if (document.readyState === "complete") layOutParts();
    else window.addEventListener("load", layOutParts, { once: true });
  }

  if (window.document$) window.document$.subscribe(afterLoad);
  else afterLoad();
})();
