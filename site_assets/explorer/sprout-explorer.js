// W2 <sprout-explorer>: choose a story, a layer, a head and a token (the query); every earlier
// token is shaded by the weight the query gives it, later tokens are hatched (not visible).
//
// <sprout-explorer base="../artifacts/examples/" examples="mia_doll,tom_he,zorbin"
//                  example="tom_he" layer="7" head="2" token="57"></sprout-explorer>
// layer and head are 1-based (as readers see them); token indexes the example's `tokens`
// (0 is ◆). Deep link: #explorer=tom_he/7/2/57 (key changeable with hash="...", hash="off").
// Its pure parts (deep link, sentences, CSV, what each key does) are in core.js; its markup
// and styles in template.js.
import { clampInt } from '../common/attributes.js';
import { colorTable } from '../common/color.js';
import { downloadLink, el, shadowParts } from '../common/dom.js';
import { define } from '../common/element.js';
import { displayToken, formatPercent, quoted } from '../common/format.js';
import { HeadWidget } from '../common/head-widget.js';
import { exampleUrl } from '../common/examples.js';
import { inlineJson, jsonFile } from '../common/load.js';
import { EXPLORER_PERMALINK, defaultQuery, nextSentence, storyKey, topAttended, weightsCsv } from './core.js';
import { STORY_LABEL, TEMPLATE } from './template.js';

// Lifecycle, loading, the URL hash and the link with W5 come from HeadWidget (common/head-widget.js).
export class SproutExplorer extends HeadWidget {
  // its caption on paper (build_site/pdf.py pictures the widget; a widget without one stops the PDF)
  static printCaption = "W2. Where one of Sprout's heads looks, token by token.";

  static permalink = EXPLORER_PERMALINK;

  connected() {
    this.startSelection();
    this.fillExampleSelect();
    this.show(this.state.example);
  }

  initialState() {
    return {
      example: this.getAttribute('example') || this.examples[0],
      layer: clampInt(this.getAttribute('layer'), 1, 99, 1),
      head: clampInt(this.getAttribute('head'), 1, 99, 1),
      token: this.hasAttribute('token') ? clampInt(this.getAttribute('token'), 0, 1e6, null) : null,
    };
  }

  build() {
    this.ui = shadowParts(this, TEMPLATE, {
      example: '.example',
      layer: '.layer',
      head: '.head',
      story: '.story',
      inspect: '.inspect',
      top: '.top',
      error: '.error',
      ramp: '.ramp',
      next: '.next',
      csv: '.csv',
      json: '.json',
    });
    this.ui.csv.append(downloadLink('weights (CSV)', () => this.viewFile()));
    this.ui.json.append(downloadLink('JSON', () => this.exampleFile()));
    this.ui.example.addEventListener('change', () =>
      this.userSet({ example: this.ui.example.value, token: null }, true),
    );
    this.ui.layer.addEventListener('change', () =>
      this.userSet({ layer: Number(this.ui.layer.value) }, true),
    );
    this.ui.head.addEventListener('change', () => this.userSet({ head: Number(this.ui.head.value) }, true));
    this.ui.story.addEventListener('click', (e) => this.onTokenClick(e));
    this.ui.story.addEventListener('keydown', (e) => this.onKey(e));
    this.ui.story.addEventListener('pointerover', (e) => this.inspectFrom(e));
    this.ui.story.addEventListener('focusin', (e) => this.inspectFrom(e));
    this.ui.story.addEventListener('pointerleave', () => this.inspectToken(null));
    this.fillNumberSelect(this.ui.layer, 8);
    this.fillNumberSelect(this.ui.head, 6);
  }

  // --- state -----------------------------------------------------------------------------

  userSet(change, announce) {
    const before = { ...this.state };
    Object.assign(this.state, change);
    this.dirty = true;
    if (change.example !== undefined && change.example !== before.example) {
      this.show(this.state.example);
    } else {
      this.render();
    }
    const picked = ['example', 'layer', 'head'].some((k) => this.state[k] !== before[k]);
    if (announce && picked) this.announce();
  }

  /** Another widget picked a head (and maybe a story): show the same one here. */
  headSelectChange(d) {
    const change = {};
    if (d.example && d.example !== this.state.example && this.examples.includes(d.example)) {
      change.example = d.example;
      change.token = null;
    }
    if (Number.isInteger(d.layer)) change.layer = d.layer;
    if (Number.isInteger(d.head)) change.head = d.head;
    return change;
  }

  clampedState() {
    const { layers, heads, T } = this.data.maps;
    const s = this.state;
    return {
      example: s.example,
      layer: Math.min(layers, Math.max(1, s.layer)),
      head: Math.min(heads, Math.max(1, s.head)),
      token: s.token === null ? defaultQuery(this.data) : Math.min(T - 1, Math.max(0, s.token)),
    };
  }

  linkRanges({ maps }) {
    return { layer: [1, maps.layers], head: [1, maps.heads], token: [0, maps.T - 1] };
  }

  // --- loading -----------------------------------------------------------------------------

  exampleFolder() {
    return this.getAttribute('base') || 'examples/';
  }

  setExample(data, name) {
    this.takeExample(data, name);
    this.fillNumberSelect(this.ui.layer, data.maps.layers);
    this.fillNumberSelect(this.ui.head, data.maps.heads);
    this.buildTokens(data.tokens);
    this.render();
    this.setAttribute('ready', '');
  }

  showError(message) {
    this.fillStory([el('span', 'loading', 'The story could not be shown.')], false);
    super.showError(message);
  }

  /** The story box is a listbox only while it holds the tokens (its options); a message alone is plain text. */
  fillStory(nodes, tokens) {
    const story = this.ui.story;
    story.replaceChildren(...nodes);
    const roles = { role: 'listbox', 'aria-label': STORY_LABEL, 'aria-describedby': 'legend' };
    for (const [name, value] of Object.entries(roles)) {
      if (tokens) story.setAttribute(name, value);
      else story.removeAttribute(name);
    }
  }

  // --- building ------------------------------------------------------------------------------

  fillNumberSelect(select, count) {
    if (select.options.length === count) return;
    select.replaceChildren(
      ...Array.from({ length: count }, (_, i) => {
        const option = el('option', '', String(i + 1));
        option.value = String(i + 1);
        return option;
      }),
    );
  }

  buildTokens(tokens) {
    this.tokenEls = tokens.map((token, index) => {
      const span = el('span', 'tok', displayToken(token));
      if (index === 0) span.classList.add('start');
      if (index > 0 && token.startsWith(' ')) span.classList.add('space');
      span.setAttribute('role', 'option');
      span.dataset.index = String(index);
      return span;
    });
    this.fillStory(this.tokenEls, true);
  }

  // --- drawing -------------------------------------------------------------------------------

  queryWeights() {
    const { layer, head, token } = this.state;
    return this.data.maps.row(layer - 1, head - 1, token);
  }

  render() {
    if (!this.data || !this.tokenEls || this.dataName !== this.state.example) return;
    Object.assign(this.state, this.clampedState());
    const { layer, head, token: query } = this.state;
    const { tokens, maps } = this.data;
    const headBytes = maps.head(layer - 1, head - 1);
    const rowStart = query * maps.T;
    const colors = colorTable(this.dark);
    const queryText = quoted(tokens[query]);
    this.tokenEls.forEach((span, j) => {
      const isQuery = j === query;
      span.tabIndex = isQuery ? 0 : -1;
      span.setAttribute('aria-selected', String(isQuery));
      span.classList.toggle('query', isQuery);
      if (j <= query) {
        const b = headBytes[rowStart + j];
        span.classList.remove('future');
        span.style.backgroundColor = colors.css[b];
        span.style.color = colors.text[b];
        const pct = formatPercent(b / 255);
        span.title = `${quoted(tokens[j])}: ${pct} of ${queryText}'s attention`;
        span.setAttribute('aria-label', `${displayToken(tokens[j])}, ${isQuery ? 'query, ' : ''}${pct}`);
      } else {
        span.classList.add('future');
        span.style.backgroundColor = '';
        span.style.color = '';
        span.title = `${quoted(tokens[j])} comes later: not visible to ${queryText}`;
        span.setAttribute('aria-label', `${displayToken(tokens[j])}, later, not visible`);
      }
    });
    this.ui.layer.value = String(layer);
    this.ui.head.value = String(head);
    this.ui.example.value = this.state.example;
    this.renderTop();
    this.inspectToken(this.inspected ?? null);
    this.paintRamp();
    this.writeHash();
    this.dispatchEvent(new CustomEvent('sprout-query', { detail: { layer, head, token: query } }));
  }

  renderTop() {
    const { layer, head, token: query } = this.state;
    const top = topAttended(this.queryWeights(), this.data.tokens, 3);
    const tokenText = this.data.tokens[query];
    const parts = [`Layer ${layer}, head ${head}: ${quoted(tokenText)} (token ${query}) looks most at `];
    const nodes = parts.map((p) => document.createTextNode(p));
    top.forEach((t, i) => {
      const item = el('span', 'item', `${quoted(t.token)} (token ${t.index}) ${formatPercent(t.weight)}`);
      item.dataset.index = String(t.index);
      item.dataset.weight = formatPercent(t.weight);
      nodes.push(item, document.createTextNode(i < top.length - 1 ? ', ' : '.'));
    });
    this.ui.top.replaceChildren(...nodes);
    this.ui.next.textContent = nextSentence(
      this.data.next?.sprout?.[query],
      tokenText,
      this.data.tokens[query + 1],
    );
  }

  viewFile() {
    if (!this.data) return null;
    const { example, layer, head, token } = this.state;
    return {
      name: `${example}_layer${layer}_head${head}_token${token}.csv`,
      blob: new Blob([weightsCsv(this.queryWeights(), this.data.tokens)], { type: 'text/csv' }),
    };
  }

  exampleFile() {
    if (!this.data) return null;
    const inline = inlineJson(this, 'example');
    if (inline) return jsonFile(`${this.state.example}.json`, inline);
    return { name: `${this.state.example}.json`, url: exampleUrl(this.exampleFolder(), this.state.example) };
  }

  themeChanged() {
    this.render();
  }

  // --- reading one weight ------------------------------------------------------------------

  inspectFrom(event) {
    const span = event.target.closest?.('.tok');
    if (span) this.inspectToken(Number(span.dataset.index));
  }

  inspectToken(j) {
    this.inspected = j;
    const line = this.ui.inspect;
    if (!this.data || j === null || j === undefined) {
      line.textContent = 'Hover over or focus a token to read its exact weight.';
      return;
    }
    const { tokens } = this.data;
    const { layer, head, token: query } = this.state;
    const who = `${quoted(tokens[j])} (token ${j})`;
    if (j > query) {
      line.textContent = `${who} comes later: ${quoted(tokens[query])} cannot see it.`;
    } else {
      const w = this.data.maps.weight(layer - 1, head - 1, query, j);
      line.textContent = `${who} gets ${formatPercent(w)} of the attention of ${quoted(tokens[query])} (token ${query}).`;
    }
  }

  // --- input ---------------------------------------------------------------------------------

  onTokenClick(event) {
    const span = event.target.closest('.tok');
    if (!span) return;
    this.userSet({ token: Number(span.dataset.index) }, false);
    this.tokenEls[this.state.token].focus();
  }

  onKey(event) {
    if (!this.data) return;
    const focused = this.shadowRoot.activeElement?.closest?.('.tok');
    const at = focused ? Number(focused.dataset.index) : this.state.token;
    const move = storyKey(
      event.key,
      { shift: event.shiftKey, at, focused: Boolean(focused) },
      this.state,
      this.data.maps,
    );
    if (!move) return;
    event.preventDefault();
    let focusTo = move.focusTo;
    if (move.change) {
      this.userSet(move.change, move.change.layer !== undefined || move.change.head !== undefined);
      focusTo = this.state.token;
    }
    this.tokenEls[focusTo].focus();
    this.inspectToken(focusTo);
  }
}

define('sprout-explorer', SproutExplorer);
