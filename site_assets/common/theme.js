// Light or dark: the page's own setting (MkDocs Material's palette, or the theme of the notebook
// a view is shown in), else the reader's system setting.

const DARK_QUERY = '(prefers-color-scheme: dark)';
// the body attributes that carry a page's setting, watched for flips
const SCHEME_ATTRIBUTES = ['data-md-color-scheme', 'data-jp-theme-light', 'class'];

/** true/false when the page says (Material's palette, JupyterLab's theme, VS Code's), else null. */
export function pageScheme(body) {
  const material = body?.getAttribute?.('data-md-color-scheme');
  if (material) return material === 'slate';
  const jupyterLight = body?.getAttribute?.('data-jp-theme-light');
  if (jupyterLight) return jupyterLight === 'false';
  const classes = body?.classList;
  if (classes?.contains('vscode-light') || classes?.contains('vscode-high-contrast-light')) return false;
  if (classes?.contains('vscode-dark') || classes?.contains('vscode-high-contrast')) return true;
  return null;
}

/** The page's setting when it has one, else the reader's system preference. */
export function isDark() {
  const scheme = pageScheme(globalThis.document?.body);
  if (scheme !== null) return scheme;
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
  observer?.observe(body, { attributes: true, attributeFilter: SCHEME_ATTRIBUTES });
  const media = globalThis.matchMedia?.(DARK_QUERY);
  media?.addEventListener?.('change', check);
  return () => {
    observer?.disconnect();
    media?.removeEventListener?.('change', check);
  };
}
