// The notebook views' widgets, bundled by esbuild into widgets.js (make bundle): one classic
// script an output carries inline, defining the elements once however many outputs carry it.
import '../../site_assets/sprout-explorer.js';
import '../../site_assets/sprout-heads.js';
import '../../site_assets/sprout-window.js';
