// Starting a widget's Web Worker on any page, the widget's own site or another one. A browser
// refuses `new Worker(url)` when url is on another origin, whatever CORS headers its host sends;
// it does allow a module from there to be imported. So a page of another origin starts a worker
// from a same-origin `blob:` URL whose one line imports the real worker file by its absolute URL
// (the host must send Access-Control-Allow-Origin, as it must for the widget's other files). On
// the widget's own site the file itself is started, under its own response's policy as before.

const blobs = new Map(); // the worker file's URL -> its blob: URL (one each, kept for the page's life)

/** The URL to start `url`'s module worker with from a page at `pageOrigin`. */
export function workerStartUrl(url, pageOrigin = globalThis.location?.origin) {
  const href = new URL(url).href;
  if (new URL(href).origin === pageOrigin) return href;
  if (!blobs.has(href)) {
    const source = `import ${JSON.stringify(href)};\n`;
    blobs.set(href, URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
  }
  return blobs.get(href);
}

/** A module worker running the file at `url` (a URL or an absolute string), from any page. */
export function startModuleWorker(url) {
  return new Worker(workerStartUrl(url), { type: 'module' });
}
