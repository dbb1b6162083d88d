// The custom-element base every widget extends (SproutElement) and safe element definition.
import { isDark, watchTheme } from './theme.js';

/** Base class for the widgets: HTMLElement in a browser, an empty class elsewhere. */
const ElementBase = globalThis.HTMLElement ?? class {};

export function define(name, cls) {
  const registry = globalThis.customElements;
  if (registry && !registry.get(name)) registry.define(name, cls);
}

/**
 * The lifecycle every widget shares. On each connect: build() the first time, a fresh
 * `lifetime` (an AbortController; pass its signal to listeners and fetches), the palette in
 * `dark` and the host's `data-theme` (kept up to date; themeChanged(dark) runs after a flip),
 * then connected(). On disconnect the lifetime is aborted and the theme no longer watched, then
 * disconnected(). Subclasses fill in whichever of the four hooks they need.
 */
export class SproutElement extends ElementBase {
  connectedCallback() {
    if (!this.built) {
      this.built = true;
      this.build();
    }
    this.lifetime = new AbortController();
    this.markTheme(isDark());
    this.stopTheme = watchTheme((dark) => {
      this.markTheme(dark);
      this.themeChanged(dark);
    });
    this.connected();
  }

  disconnectedCallback() {
    this.lifetime?.abort();
    this.stopTheme?.();
    this.disconnected();
  }

  markTheme(dark) {
    this.dark = dark;
    this.setAttribute('data-theme', dark ? 'dark' : 'light');
  }

  build() {}

  connected() {}

  disconnected() {}

  themeChanged() {}
}
