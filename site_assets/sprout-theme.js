// Light or dark: MkDocs Material's palette, or the reader's system setting on other pages.

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** MkDocs Material's palette when the page has one, else the reader's system preference. */
export function isDark() {
  const scheme = globalThis.document?.body?.getAttribute('data-md-color-scheme');
  if (scheme) return scheme === 'slate';
  return Boolean(globalThis.matchMedia?.(DARK_QUERY).matches);
}

/** Call back(dark) whenever the palette flips; returns a function that stops watching. */
export function watchTheme(callback) {
  let last = isDark();
  const check = () => {
    const now = isDark();
    if (now !== last) {
      last = now;
      callback(now);
    }
  };
  const body = globalThis.document?.body;
  const observer = body && globalThis.MutationObserver ? new MutationObserver(check) : null;
  observer?.observe(body, { attributes: true, attributeFilter: ['data-md-color-scheme'] });
  const media = globalThis.matchMedia?.(DARK_QUERY);
  media?.addEventListener?.('change', check);
  return () => {
    observer?.disconnect();
    media?.removeEventListener?.('change', check);
  };
}
