// Typesets the page's math with the site's own KaTeX. MkDocs Material's `document$` emits on
// the first load and after every instant navigation, so each new page is rendered once.
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

  function renderMath() {
    for (const element of document.querySelectorAll(".arithmatex")) {
      renderMathInElement(element, { delimiters: chapterDelimiters, throwOnError: false });
    }
    for (const cell of document.querySelectorAll(".jp-MarkdownCell, .jp-RenderedMarkdown")) {
      renderMathInElement(cell, { delimiters: notebookDelimiters, throwOnError: false });
    }
  }

  if (window.document$) {
    window.document$.subscribe(renderMath);
  } else {
    document.addEventListener("DOMContentLoaded", renderMath);
  }
})();
