// What "Try your own story" computes, apart from the model itself: the tokenizer's ids and
// display strings, the attention packed as the artifacts pack it, the top-5 next tokens, the
// head-type scores (the twins of sprout/analysis/detectors.py) and the shareable URL-hash payload.
// Pure functions; they run in the worker, in the page and under Node.
import { DETECTORS } from '../common/detectors.js';

export const START_GLYPH = '◆';

// ---------------------------------------------------------------------------------------------
// Tokenizer (byte-level BPE from tokenizer.json, through @huggingface/tokenizers)

/**
 * The tokenizer with Python's behaviour: "<|start|>" typed in a text stays plain text (Python
 * sets encode_special_tokens), so the added-token list is left out and only the BPE model is used.
 */
export function makeTokenizer(TokenizerClass, tokenizerJson, startId) {
  const json = { ...tokenizerJson, added_tokens: [] };
  const tokenizer = new TokenizerClass(json, {});
  const vocab = tokenizerJson.model.vocab;
  const pieces = [];
  for (const [piece, id] of Object.entries(vocab)) pieces[id] = piece;
  return {
    startId,
    encode(text) {
      return [startId, ...tokenizer.encode(text, { add_special_tokens: false }).ids];
    },
    display(id) {
      return id === startId ? START_GLYPH : displayPiece(pieces[id] ?? '');
    },
  };
}

/** GPT-2's byte <-> printable-character map, as sprout/tokenizer.py builds it: char -> byte. */
function byteAlphabet() {
  const printable = new Set();
  for (let b = 0x21; b <= 0x7e; b++) printable.add(b);
  for (let b = 0xa1; b <= 0xac; b++) printable.add(b);
  for (let b = 0xae; b <= 0xff; b++) printable.add(b);
  const map = new Map();
  let extra = 0;
  for (let b = 0; b < 256; b++) map.set(String.fromCodePoint(printable.has(b) ? b : 256 + extra++), b);
  return map;
}

const CHAR_TO_BYTE = byteAlphabet();

/** Python's bytes.decode('utf-8', errors='backslashreplace'): bad bytes become \xNN. */
export function decodeBackslashReplace(bytes) {
  const strict = new TextDecoder('utf-8', { fatal: true });
  let out = '';
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    const length =
      b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
    if (length && i + length <= bytes.length) {
      try {
        out += strict.decode(bytes.subarray(i, i + length));
        i += length;
        continue;
      } catch {
        // not a valid sequence: fall through and escape the first byte
      }
    }
    out += `\\x${b.toString(16).padStart(2, '0')}`;
    i += 1;
  }
  return out;
}

/** A vocabulary piece as the artifacts' tokens show it (sprout.tokenizer.Tokenizer.display). */
export function displayPiece(piece) {
  const bytes = Uint8Array.from([...piece], (c) => CHAR_TO_BYTE.get(c) ?? 0x3f);
  return decodeBackslashReplace(bytes);
}

// ---------------------------------------------------------------------------------------------
// Attention, packed the way sprout/analysis/encoding.py packs it

/**
 * attention: Float32Array [layers, heads, T, T] -> Uint8Array of each head's lower triangle,
 * row by row, each row's bytes adding up to 255 (largest remainders round up; ties go to the
 * earlier key, as numpy's stable argsort does).
 */
/** The k-th smallest (0-based) of values[0 .. n), which it reorders (quickselect). */
export function kthSmallest(values, n, k) {
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i] < pivot) i++;
      while (values[j] > pivot) j--;
      if (i <= j) {
        const swap = values[i];
        values[i] = values[j];
        values[j] = swap;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return values[k];
  }
  return values[k];
}

export function packAttention(attention, layers, heads, T) {
  const out = new Uint8Array((layers * heads * T * (T + 1)) / 2);
  const scaled = new Float64Array(T);
  const keys = new Float64Array(T); // floor - scaled: the most negative rounds up first
  const scratch = new Float64Array(T);
  let at = 0;
  for (let block = 0; block < layers * heads; block++) {
    for (let t = 0; t < T; t++) {
      const row = block * T * T + t * T;
      const n = t + 1;
      let sum = 0;
      for (let j = 0; j < n; j++) sum += attention[row + j];
      let whole = 0;
      for (let j = 0; j < n; j++) {
        scaled[j] = (attention[row + j] / sum) * 255;
        const floor = Math.floor(scaled[j]);
        out[at + j] = floor;
        keys[j] = floor - scaled[j];
        whole += floor;
      }
      let missing = Math.round(255 - whole);
      if (missing > 0) {
        for (let j = 0; j < n; j++) scratch[j] = keys[j];
        const threshold = kthSmallest(scratch, n, missing - 1);
        for (let j = 0; j < n; j++) {
          if (keys[j] < threshold) {
            out[at + j] += 1;
            missing -= 1;
          }
        }
        for (let j = 0; j < n && missing > 0; j++) {
          // ties at the threshold: earlier keys first
          if (keys[j] === threshold) {
            out[at + j] += 1;
            missing -= 1;
          }
        }
      }
      at += n;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Predictions

/** Softmax top-k of one position's logits: [{ id, p }], most likely first (ties: lower id). */
export function topNext(logits, offset, vocab, k = 5) {
  const ids = new Int32Array(k).fill(-1);
  const values = new Float64Array(k).fill(-Infinity);
  for (let i = 0; i < vocab; i++) {
    const value = logits[offset + i];
    if (value <= values[k - 1]) continue;
    let at = k - 1;
    while (at > 0 && value > values[at - 1]) {
      values[at] = values[at - 1];
      ids[at] = ids[at - 1];
      at--;
    }
    values[at] = value;
    ids[at] = i;
  }
  const max = values[0];
  let total = 0;
  for (let i = 0; i < vocab; i++) total += Math.exp(logits[offset + i] - max);
  const count = Math.min(k, vocab);
  return Array.from({ length: count }, (_, r) => ({ id: ids[r], p: Math.exp(values[r] - max) / total }));
}

// ---------------------------------------------------------------------------------------------
// Head-type scores: the JavaScript twin of each detector the widgets offer (DETECTORS, written
// from sprout/analysis/detectors.py), on one text's float weights. A twin names the (query, key)
// pairs whose weights the score averages, as sprout/analysis/lens.py defines them.

function meanOverPairs(attention, layers, heads, T, pairs) {
  return Array.from({ length: layers }, (_, l) =>
    Array.from({ length: heads }, (_, h) => {
      const base = (l * heads + h) * T * T;
      let sum = 0;
      for (const [t, j] of pairs) sum += attention[base + t * T + j];
      return sum / pairs.length;
    }),
  );
}

export function inductionPairs(ids) {
  const pairs = [];
  for (let t = 2; t < ids.length; t++) {
    for (let s = t - 1; s > 0; s--) {
      const before = ids[s - 1] === ids[t - 1];
      const after = t + 1 < ids.length && ids[s + 1] === ids[t + 1];
      if (ids[s] === ids[t] && (before || after)) {
        pairs.push([t, s + 1]);
        break;
      }
    }
  }
  return pairs;
}

const afterStart = (ids) => Array.from({ length: Math.max(ids.length - 1, 0) }, (_, i) => i + 1);

/** Each offered detector's pairs on a text's ids: lens.py's previous_token_scores,
 * first_token_scores and induction_pairs. */
export const DETECTOR_TWINS = {
  previous_token: (ids) => afterStart(ids).map((t) => [t, t - 1]),
  first_token: (ids) => afterStart(ids).map((t) => [t, 0]),
  induction: inductionPairs,
};

/**
 * { scores: { kind: [layer][head], or null where the text has nothing to score }, counts: { kind:
 * how many of its tokens the score averages over } } for every detector in DETECTORS.
 */
export function headTypeScores(attention, layers, heads, ids) {
  const scores = {};
  const counts = {};
  for (const { name } of DETECTORS) {
    const pairs = DETECTOR_TWINS[name](ids);
    counts[name] = pairs.length;
    scores[name] = pairs.length ? meanOverPairs(attention, layers, heads, ids.length, pairs) : null;
  }
  return { scores, counts };
}

// ---------------------------------------------------------------------------------------------
// Sharing: "#story=<layer>/<head>/<token>/[<heads off>/]<deflated text, base64url>", the heads
// off as heads/off.js writes them ("off-5.4-5.6"; left out while every head is on)

export const SHARE_LIMIT = 6000; // characters of compressed payload a link may carry

function toBase64Url(bytes) {
  let binary = '';
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text) {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

async function through(bytes, stream) {
  const piped = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(piped).arrayBuffer());
}

/** A text as a link carries it: deflate-raw, then base64url. */
export async function packText(text) {
  return toBase64Url(await through(new TextEncoder().encode(text), new CompressionStream('deflate-raw')));
}

/** packText's inverse; throws a one-line Error when the packed text is damaged. */
export async function unpackText(packed) {
  try {
    const bytes = await through(fromBase64Url(packed), new DecompressionStream('deflate-raw'));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Error("the link's story is damaged and cannot be read");
  }
}

/**
 * The hash value for a story, a selection and the heads off (`offSegment`, formatOffSegment's);
 * throws when the compressed text is over SHARE_LIMIT.
 */
export async function encodeShare({ text, layer, head, token, offSegment = '' }) {
  const packed = await packText(text);
  if (packed.length > SHARE_LIMIT) {
    throw new Error(
      `This story is too long to share in a link: ${packed.length.toLocaleString('en')} ` +
        `characters compressed, over the limit of ${SHARE_LIMIT.toLocaleString('en')}.`,
    );
  }
  return `${layer}/${head}/${token}/${offSegment ? `${offSegment}/` : ''}${packed}`;
}

/**
 * The inverse of encodeShare: { layer, head, token, offSegment, text } (offSegment unchecked: ''
 * when the link has none; parseOffSegment reads it); throws an Error saying what is wrong with a
 * bad value.
 */
export async function decodeShare(value) {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{1,4})\/(?:([^/]{0,200})\/)?([A-Za-z0-9_-]+)$/.exec(value || '');
  if (!match) throw new Error('the link does not hold a story in the expected form');
  const packed = match[5];
  if (packed.length > SHARE_LIMIT)
    throw new Error(`the link's story is longer than ${SHARE_LIMIT} characters`);
  const text = await unpackText(packed);
  const offSegment = match[4] ?? '';
  return { layer: Number(match[1]), head: Number(match[2]), token: Number(match[3]), offSegment, text };
}
