// The notebook views' widgets, bundled by esbuild into widgets.js (make bundle): one classic
// script an output carries inline, defining the elements once however many outputs carry it.
import '../../site_assets/explorer/sprout-explorer.js';
import '../../site_assets/heads/sprout-heads.js';
import '../../site_assets/window/sprout-window.js';
import '../../site_assets/written/sprout-written.js';
