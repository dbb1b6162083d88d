// Formulas and tables wider than the text column scroll sideways (on a phone, mostly), and a
// keyboard must be able to reach what scrolls. Each one that overflows gets a tab stop and a
// name while it does; on a screen wide enough it has neither, so it adds no tab stop there.
// MkDocs Material's `document$` emits on the first load and after every instant navigation.
(function () {
  const SCROLLERS = ".md-typeset div.arithmatex, .md-typeset .md-typeset__scrollwrap";
  const resized = new ResizeObserver((entries) => entries.forEach((entry) => update(entry.target)));

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

  function watch() {
    resized.disconnect();
    document.querySelectorAll(SCROLLERS).forEach((element) => resized.observe(element));
  }

  if (window.document$) window.document$.subscribe(watch);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watch);
  else watch();
})();
