// Starts the site's widgets once the page has painted its first screen. Each widget's module is
// imported on its own (each runs in a task of its own as it arrives), and only after the first
// paint, so a slow phone shows the text before it spends time on the widgets' code.
// (A page that embeds a widget loads its module with a <script type="module"> instead.)
(function () {
  const WIDGETS = [
    'sprout-figure.js',
    'sprout-window.js',
    'sprout-explorer.js',
    'sprout-plane.js',
    'sprout-mask.js',
    'sprout-heads.js',
    'sprout-quiz.js',
    'sprout-story.js',
    'sprout-grow.js',
  ];
  const here = document.currentScript.src; // the modules sit beside this file

  function start() {
    for (const name of WIDGETS) {
      import(new URL(name, here).href).catch((error) =>
        console.error(`${name} could not be loaded: ${error.message}`),
      );
    }
  }

  // the callback of the next frame runs before that frame paints; the timeout after it
  requestAnimationFrame(() => setTimeout(start));
})();
