// HeadWidget: what W2 (explorer/sprout-explorer.js) and W5 (heads/sprout-heads.js) share: one head of one
// example story, loaded when near the viewport, kept in the URL hash, linked to the other widget.
import { colorScale } from './color.js';
import { el, showErrorLine } from './dom.js';
import { SproutElement } from './element.js';
import { humanize } from './format.js';
import { listOf } from './attributes.js';
import { exampleUrl, inlineExample, loadExample } from './examples.js';
import { documentParsed, whenVisible } from './load.js';
import { hashWriter, outOfRangeSentence, parseHashState, scrollIntoViewSettled } from './url-state.js';

/** W2 and W5 tell each other which head (and example) a reader picked. */
export const HEAD_SELECT = 'sprout-head-select';

/**
 * What W2 and W5 share. Each shows one head (`state.layer`, `state.head`, 1-based) of one example
 * story (`state.example`, chosen in `ui.example` among the `examples` attribute's), loads its
 * story only once it comes near the viewport (or is woken), keeps the reader's pick in the URL
 * hash and tells the other widget about it with HEAD_SELECT events.
 *
 * The permalink is the subclass's `static permalink = { key, read(text), write(state) }`: the
 * hash key (the `hash` attribute overrides it; "off" disables deep links), the state a hash text
 * names (null when malformed) and the text that records a state (null: nothing to record yet).
 *
 * A subclass calls startSelection() from connected() and fills in: initialState(),
 * exampleFolder(), linkRanges(data) (the lowest and highest number a permalink may give, by
 * name), setExample(data, name) (starting with takeExample), render() (shows
 * `state`, ending with writeHash()), userSet(change, announce) (a reader's change) and
 * headSelectChange(detail) (the change another widget's pick makes here).
 */
export class HeadWidget extends SproutElement {
  /**
   * Read the examples offered and the selection (initialState() on the first connect, then the
   * permalink's if the hash has one; a moved element keeps the reader's), and start listening to
   * the hash and to the other widget.
   */
  startSelection() {
    this.examples = listOf(this.getAttribute('examples') || this.getAttribute('example'));
    // a moved element (removed and inserted again) keeps the reader's selection
    const first = !this.state;
    this.state ||= this.initialState();
    if (this.state.example && !this.examples.includes(this.state.example))
      this.examples.unshift(this.state.example);
    this.hash = hashWriter();
    const signal = this.lifetime.signal;
    document.addEventListener(HEAD_SELECT, (event) => this.onHeadSelect(event), { signal });
    window.addEventListener('hashchange', () => this.applyHash(true), { signal });
    // woken: near the screen (or woken by a reader), with the data carried inside it parsed
    this.woken = new Promise((resolve) => {
      this.wake = resolve;
    }).then(documentParsed);
    whenVisible(this, { signal }).then(() => this.wake());
    if (first) this.applyHash(true, false);
  }

  disconnected() {
    this.hash?.cancel();
  }

  // --- the selection ---------------------------------------------------------------------

  /** The public way to change the selection (1-based layer and head); nothing is announced. */
  select(change) {
    this.userSet(change, false);
  }

  /** Tell the other widgets which head (and example) the reader picked. */
  announce() {
    const { example, layer, head } = this.state;
    const group = this.getAttribute('group') || '';
    document.dispatchEvent(
      new CustomEvent(HEAD_SELECT, { detail: { example, layer, head, group, source: this } }),
    );
  }

  onHeadSelect(event) {
    const detail = event.detail || {};
    // widgets with a `group` attribute talk only to their group (a page's own story vs the examples)
    if (detail.source === this || (detail.group || '') !== (this.getAttribute('group') || '')) return;
    this.wake();
    this.userSet(this.headSelectChange(detail), false);
  }

  // --- the URL hash ----------------------------------------------------------------------

  hashKey() {
    return this.getAttribute('hash') || this.constructor.permalink.key;
  }

  /** Show what the hash asks for (scrolling to it if `scroll`; `load` false: leave loading to the caller). */
  applyHash(scroll, load = true) {
    const key = this.hashKey();
    if (key === 'off') return;
    const wanted = this.constructor.permalink.read(parseHashState(location.hash)[key]);
    if (!wanted) return;
    if (!this.examples.includes(wanted.example)) this.examples.push(wanted.example);
    this.wake?.();
    const exampleChanges = wanted.example !== this.state.example;
    this.fromLink = { ...wanted }; // checked against the story once it is here
    this.takeState(wanted);
    if (load) {
      this.fillExampleSelect(); // names the wanted story at once, while it loads
      if (exampleChanges) this.show(wanted.example);
      else {
        this.noteLink();
        this.render();
      }
    }
    if (scroll) scrollIntoViewSettled(this);
  }

  /** The last permalink's numbers the story shown does not have: one line naming them (the
   * nearest are shown), or no line when it had them all. */
  noteLink() {
    const wanted = this.fromLink;
    if (!wanted || !this.data || this.dataName !== wanted.example) return;
    this.fromLink = null;
    const said = outOfRangeSentence(wanted, this.linkRanges(this.data));
    if (!this.linkNote) {
      this.linkNote = el('p', 'link-note');
      this.linkNote.setAttribute('role', 'status');
      this.ui.error.before(this.linkNote);
    }
    this.linkNote.hidden = !said;
    this.linkNote.textContent = said ?? '';
  }

  /** A permalink's state becomes the selection. */
  takeState(wanted) {
    Object.assign(this.state, wanted);
  }

  /** After a reader's change: record the selection in the URL (without a history entry). */
  writeHash() {
    if (!this.dirty || !this.data || this.dataName !== this.state.example) return;
    const text = this.constructor.permalink.write(this.state);
    if (text === null) return;
    this.dirty = false;
    if (this.hashKey() === 'off') return;
    this.hash.write(this.hashKey(), text);
  }

  // --- loading ---------------------------------------------------------------------------

  /**
   * Show a story made in the page rather than an example file: `data` as prepareExample
   * returns it. A widget with source="page" loads no example file and waits for this call.
   */
  showStory(data, name) {
    this.ticket = (this.ticket || 0) + 1; // an example still loading is no longer wanted
    this.examples = [name];
    this.state.example = name;
    this.fillExampleSelect();
    this.setExample(data, name);
  }

  async show(name) {
    if (this.getAttribute('source') === 'page') return;
    if (!name) {
      this.showError('No example chosen: give the element an "example" or "examples" attribute.');
      return;
    }
    // the story menu names the chosen story at once, not only once its file has loaded
    this.ui.example.value = name;
    const ticket = (this.ticket = (this.ticket || 0) + 1);
    await this.woken;
    if (ticket !== this.ticket || !this.isConnected) return;
    try {
      // a story carried inside the element (a notebook's output) is shown instead of a fetched one
      const data = (await inlineExample(this)) || (await loadExample(exampleUrl(this.exampleFolder(), name)));
      if (ticket !== this.ticket || !this.isConnected) return;
      this.setExample(data, name);
    } catch (err) {
      if (ticket === this.ticket && err.name !== 'AbortError') this.showError(err.message);
    }
  }

  /** The loaded story becomes the one shown; its title replaces the id in the story menu. */
  takeExample(data, name) {
    this.data = data;
    this.dataName = name;
    this.ui.error.hidden = true;
    this.removeAttribute('error');
    this.noteLink();
    for (const option of this.ui.example.options) {
      if (option.value === name && data.title) option.textContent = data.title;
    }
    this.ui.example.value = name;
  }

  showError(message) {
    showErrorLine(this, this.ui.error, message);
  }

  fillExampleSelect() {
    const select = this.ui.example;
    const known = new Map([...select.options].map((o) => [o.value, o.textContent]));
    select.replaceChildren(
      ...this.examples.map((id) => {
        const option = el('option', '', known.get(id) || humanize(id));
        option.value = id;
        return option;
      }),
    );
    select.value = this.state.example;
    select.closest('label').hidden = this.examples.length < 2;
  }

  /** The legend's colour ramp, repainted when the palette flips. */
  paintRamp() {
    if (this.rampDark === this.dark) return;
    this.rampDark = this.dark;
    const stops = Array.from({ length: 11 }, (_, i) => colorScale(i / 10, this.dark));
    this.ui.ramp.style.background = `linear-gradient(to right, ${stops.join(', ')})`;
  }
}
