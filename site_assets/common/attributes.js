// Reading a widget's attributes: lists and bounded whole numbers.

/** "a, b,,c" -> ["a", "b", "c"]: a comma-separated attribute as a list. */
export function listOf(text) {
  return (text || '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function clampInt(value, low, high, fallback) {
  const n = Number.parseInt(value, 10);
  if (!Number.isFinite(n)) return fallback;
  return Math.min(high, Math.max(low, n));
}
