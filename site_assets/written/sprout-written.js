// <sprout-written>: a continuation Sprout wrote, from the data inside the element (Python's
// notebook.write): the text's last tokens, the written tokens (each with data-written, selectable),
// and for the selected one its five likeliest alternatives and where its heads looked. Nothing is
// fetched. <sprout-written><script type="application/json" data-sprout="writing">…</script></sprout-written>
import { BASE_CSS } from '../common/styles.js';
import { el, shadowFrame, showErrorLine } from '../common/dom.js';
import { define, SproutElement } from '../common/element.js';
import { inlineJson } from '../common/load.js';
import { describeHeads } from '../heads/off.js';
import { WRITTEN_CSS, WrittenView } from '../story/written-view.js';

/** The data's looks for one token: "" (every head, mean) or "L.H" -> [{ position, weight }]. */
export function storedLooks(token, head) {
  const key = head ? `${head.layer}.${head.head}` : '';
  return (token.looks[key] ?? []).map(([position, weight]) => ({ position, weight }));
}

/** One line saying what was written and how. */
export function writtenSummary(data) {
  const { temperature, top_k: topK, seed } = data.settings;
  const off = data.heads_off.length ? `${describeHeads(data.heads_off)} off` : 'every head on';
  return (
    `${data.model} wrote ${data.written.length} tokens with ${off} (temperature ${temperature}, ` +
    `top-k ${topK}, seed ${seed}). Select a written token to see its alternatives and where its heads looked.`
  );
}

export class SproutWritten extends SproutElement {
  static printCaption = 'A story Sprout wrote on, its written tokens underlined.';

  build() {
    const frame = shadowFrame(this, `${BASE_CSS}${WRITTEN_CSS}`);
    let data;
    try {
      data = inlineJson(this, 'writing');
      if (!data) throw new Error('This view holds no writing data.');
    } catch (err) {
      const line = el('p', 'error');
      line.setAttribute('role', 'alert');
      frame.append(line);
      showErrorLine(this, line, err.message);
      return;
    }
    const view = new WrittenView({ size: () => data, looks: storedLooks });
    view.start(data.prompt);
    for (const token of data.written) view.add(token);
    this.view = view;
    frame.append(el('p', 'written-summary', writtenSummary(data)), view.output, view.detail);
    this.setAttribute('ready', '');
  }
}

define('sprout-written', SproutWritten);
