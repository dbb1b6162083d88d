"""python -m build_site.detectors: write site_assets/sprout-detectors.js, the words of the head
detectors the widgets offer, from their registry (sprout.analysis.detectors.js_module)."""

import sys

from sprout import atomic, folders
from sprout.analysis.detectors import js_module

if __name__ == "__main__":
    atomic.write_text(folders.DETECTORS_JS, js_module())
    sys.stdout.write(f"wrote {folders.DETECTORS_JS}\n")
