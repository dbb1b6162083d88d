// Formulas and tables wider than the text column scroll sideways (on a phone, mostly), and a
// keyboard must be able to reach what scrolls. Each one that overflows gets a tab stop and a
// name while it does; on a screen wide enough it has neither, so it adds no tab stop there.
// Widths are read in a ResizeObserver's callback, which the browser calls right after it has
// laid the page out: reading them there costs nothing, where reading them at any other moment
// would make the browser lay out the whole page at once (a long task on a phone). The callback
// comes when an element is first laid out (sprout-parts.js lays out the page's parts bit by bit),
// when its width changes, and after a font arrives (which changes what fits), when every
// element is observed afresh.
(function () {
  const SCROLLERS = '.md-typeset div.arithmatex, .md-typeset .md-typeset__scrollwrap';

  function mark(element, scrolls) {
    if (scrolls === element.hasAttribute('data-scrolls')) return;
    if (scrolls) {
      const what = element.matches('.arithmatex') ? 'Formula' : 'Table';
      element.setAttribute('data-scrolls', '');
      element.setAttribute('tabindex', '0');
      element.setAttribute('role', 'group');
      element.setAttribute('aria-label', `${what}, scrolls sideways`);
    } else {
      for (const name of ['data-scrolls', 'tabindex', 'role', 'aria-label']) element.removeAttribute(name);
    }
  }

  const observer = new ResizeObserver((entries) => {
    // an element the browser has not laid out yet (its part is skipped) is reported as 0 wide:
    // it is measured when it is laid out; reading its width now would lay it out at once
    const elements = entries.filter((entry) => entry.contentRect.width > 0).map((entry) => entry.target);
    // every width is read before any attribute is written, so the layout is worked out once
    const scrolls = elements.map((element) => element.scrollWidth > element.clientWidth + 1);
    elements.forEach((element, i) => mark(element, scrolls[i]));
  });

  function observeAll() {
    observer.disconnect(); // observing again makes the browser report each element once more
    document.querySelectorAll(SCROLLERS).forEach((element) => observer.observe(element));
  }

  // MkDocs Material's `document$` emits on the first load and after every instant navigation
  if (window.document$) window.document$.subscribe(observeAll);
  else if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', observeAll);
  else observeAll();
  document.fonts?.addEventListener('loadingdone', observeAll);
})();
