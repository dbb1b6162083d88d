// Starts the widgets of this page once it has painted its first screen: for each kind of widget
// the page holds (an element <sprout-x>), its module sprout-x.js, imported on its own (each runs
// in a task of its own as it arrives), and only after the first paint, so a slow phone shows the
// text before it spends time on the widgets' code. A page without a kind loads none of its code.
// (A page that embeds a widget loads its module with a <script type="module"> instead.)
(function () {
  const here = document.currentScript.src; // the modules sit beside this file

  function start() {
    const tags = new Set();
    for (const el of document.body.querySelectorAll('*')) {
      if (el.localName.startsWith('sprout-')) tags.add(el.localName);
    }
    for (const tag of tags) {
      import(new URL(`${tag}.js`, here).href).catch((error) =>
        console.error(`${tag}.js could not be loaded: ${error.message}`),
      );
    }
  }

  // the callback of the next frame runs before that frame paints; the timeout after it
  requestAnimationFrame(() => setTimeout(start));
})();
