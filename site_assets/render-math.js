// Typesets the page's math with the site's own KaTeX. MkDocs Material's `document$` emits on
// the first load and after every instant navigation, so each new page is rendered once.
// The formulas on screen are typeset at once; the rest follow in slices of a few milliseconds
// while the browser is idle, so that a phone never sits in one long task typesetting the whole
// chapter (about a hundred formulas) before it answers the reader. When every formula is done,
// <html> gets data-math="done".
(function () {
  const chapterDelimiters = [
    { left: "\\(", right: "\\)", display: false },
    { left: "\\[", right: "\\]", display: true },
  ];
  // notebook pages keep the $...$ of their markdown cells as plain text
  const notebookDelimiters = [
    { left: "$$", right: "$$", display: true },
    { left: "$", right: "$", display: false },
  ];
  const SLICE_MS = 6; // a slow phone (4x slower) still stays under a long task's 50 ms
  const idle = window.requestIdleCallback || ((callback) => setTimeout(callback, 1));
  let run = 0;

  function typeset({ element, delimiters }) {
    renderMathInElement(element, { delimiters, throwOnError: false });
  }

  function onScreen(element) {
    const box = element.getBoundingClientRect();
    return box.bottom >= 0 && box.top <= window.innerHeight;
  }

  function renderMath() {
    const current = ++run; // an instant navigation drops the previous page's queue
    const root = document.documentElement;
    root.dataset.math = "pending";
    const queue = [
      ...[...document.querySelectorAll(".arithmatex")].map((element) => ({ element, delimiters: chapterDelimiters })),
      ...[...document.querySelectorAll(".jp-MarkdownCell, .jp-RenderedMarkdown")]
        .map((element) => ({ element, delimiters: notebookDelimiters })),
    ];
    const later = queue.filter((item) => !onScreen(item.element));
    queue.filter((item) => onScreen(item.element)).forEach(typeset);
    const slice = () => {
      if (current !== run) return;
      const end = performance.now() + SLICE_MS;
      while (later.length && performance.now() < end) typeset(later.shift());
      if (later.length) idle(slice, { timeout: 500 });
      else root.dataset.math = "done";
    };
    slice();
  }

  if (window.document$) {
    window.document$.subscribe(renderMath);
  } else {
    document.addEventListener("DOMContentLoaded", renderMath);
  }
})();
