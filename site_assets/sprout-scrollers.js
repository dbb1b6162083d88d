// Formulas and tables wider than the text column scroll sideways (on a phone, mostly), and a
// keyboard must be able to reach what scrolls. Each one that overflows gets a tab stop and a
// name while it does; on a screen wide enough it has neither, so it adds no tab stop there.
// They are measured once sprout-parts.js has laid out the whole page (after every instant
// navigation too; measuring earlier would force the layout the parts put off), and again when
// the window changes size or a font arrives (both change what fits).
(function () {
  const SCROLLERS = ".md-typeset div.arithmatex, .md-typeset .md-typeset__scrollwrap";
  const idle = window.requestIdleCallback || ((callback) => setTimeout(callback, 1));
  let ready = false;
  let pending = false;

  function update(element) {
    const scrolls = element.scrollWidth > element.clientWidth + 1;
    if (scrolls === element.hasAttribute("data-scrolls")) return;
    if (scrolls) {
      const what = element.matches(".arithmatex") ? "Formula" : "Table";
      element.setAttribute("data-scrolls", "");
      element.setAttribute("tabindex", "0");
      element.setAttribute("role", "group");
      element.setAttribute("aria-label", `${what}, scrolls sideways`);
    } else {
      for (const name of ["data-scrolls", "tabindex", "role", "aria-label"]) element.removeAttribute(name);
    }
  }

  function measureSoon() {
    if (!ready || pending) return;
    pending = true;
    idle(() => {
      pending = false;
      document.querySelectorAll(SCROLLERS).forEach(update);
    }, { timeout: 500 });
  }

  document.addEventListener("sprout-parts-laid-out", () => { ready = true; measureSoon(); });
  window.addEventListener("resize", measureSoon);
  document.fonts?.addEventListener("loadingdone", measureSoon);
})();
