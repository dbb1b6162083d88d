// Starts the widgets of this page once it has painted its first screen: for each kind of widget
// the page holds (an element <sprout-x>), its module x/sprout-x.js, imported on its own (each runs
// in a task of its own as it arrives), and only after the first paint, so a slow phone shows the
// text before it spends time on the widgets' code. A page without a kind loads none of its code.
// (A page that embeds a widget loads its module with a <script type="module"> instead.)
(function () {
  const here = document.currentScript.src; // each widget is a folder beside this file
  const PREFIX = 'sprout-';

  function start() {
    const tags = new Set();
    for (const el of document.body.querySelectorAll('*')) {
      if (el.localName.startsWith(PREFIX)) tags.add(el.localName);
    }
    for (const tag of tags) {
      const module = `${tag.slice(PREFIX.length)}/${tag}.js`;
      import(new URL(module, here).href).catch((error) =>
        console.error(`${module} could not be loaded: ${error.message}`),
      );
    }
  }

  // the callback of the next frame runs before that frame paints; the timeout after it
  requestAnimationFrame(() => setTimeout(start));
})();
