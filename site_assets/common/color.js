// The colour scale of attention weights and the text colour that reads on it: viridis, light end
// first. In the light palette weight 0 is paper-white and weight 1 is viridis' dark purple; in
// the dark palette the order flips (0 is near the slate background, 1 is viridis' bright yellow).
// Lightness rises or falls monotonically either way, so the scale reads without hue vision, and
// "no weight" always looks like the page.

const VIRIDIS = [
  [68, 1, 84],
  [72, 40, 120],
  [62, 74, 137],
  [49, 104, 142],
  [38, 130, 142],
  [31, 158, 137],
  [53, 183, 121],
  [109, 205, 89],
  [180, 222, 44],
  [253, 231, 37],
];
const LIGHT_STOPS = [[255, 255, 255], ...VIRIDIS.slice().reverse()];
const DARK_STOPS = [[36, 38, 50], ...VIRIDIS.slice(1)]; // viridis' first purple is darker than slate

export function colorScaleRgb(t, dark = false) {
  const stops = dark ? DARK_STOPS : LIGHT_STOPS;
  const x = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0)) * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(x));
  const f = x - i;
  return stops[i].map((c, k) => Math.round(c + (stops[i + 1][k] - c) * f));
}

export function colorScale(t, dark = false) {
  const [r, g, b] = colorScaleRgb(t, dark);
  return `rgb(${r}, ${g}, ${b})`;
}

function relativeLuminance([r, g, b]) {
  const lin = (c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** Black or white text, whichever contrasts more with the background colour [r, g, b]. */
export function textColorOn(rgb) {
  const L = relativeLuminance(rgb);
  return 1.05 / (L + 0.05) > (L + 0.05) / 0.05 ? '#fff' : '#000';
}

/**
 * The 256 colours that byte-encoded weights can take (weight = byte / 255), for fast drawing:
 * { rgb: Uint8ClampedArray(256 * 3), css: string[256], text: string[256] }.
 */
const tables = new Map();
export function colorTable(dark = false) {
  const key = dark ? 'dark' : 'light';
  if (!tables.has(key)) {
    const rgb = new Uint8ClampedArray(256 * 3);
    const css = [];
    const text = [];
    for (let b = 0; b < 256; b++) {
      const c = colorScaleRgb(b / 255, dark);
      rgb.set(c, b * 3);
      css.push(`rgb(${c[0]}, ${c[1]}, ${c[2]})`);
      text.push(textColorOn(c));
    }
    tables.set(key, { rgb, css, text });
  }
  return tables.get(key);
}
