// <sprout-story>'s links: the URL hash it writes as the reader reads (story, selection, heads off),
// the link it copies, and the links it opens: a shared story, or a chapter story with heads off
// ("try it"). StoryLinks works on the element it is given (sprout-story.js).
import { exampleUrl, loadExample } from '../common/examples.js';
import { parseOffSegment, formatOffSegment } from '../heads/off.js';
import { SHARE_LIMIT, decodeShare, encodeShare } from './core.js';
import { PRESET_NAMES, describeCount, parseTryIt } from './text.js';
import { hashWriter, parseHashState, scrollIntoViewSettled } from '../common/url-state.js';
import { fetchJson } from '../common/load.js';
import { WRITE_KEY, formatWriteLink, parseWriteLink } from './write-link.js';

const HASH_KEY = 'story';
const GUESS_KEY = 'guess'; // beside it: the token whose guess's removals are shown (sprout-story.js)

export class StoryLinks {
  constructor(story) {
    this.story = story;
    this.hash = hashWriter();
  }

  /** Follow the hash now and whenever it changes, until `signal` aborts. */
  listen(signal) {
    window.addEventListener('hashchange', () => this.open(), { signal });
    // a "try it" link naming the hash the page already has fires no hashchange: follow it here
    document.addEventListener(
      'click',
      (event) => {
        const link = event.target.closest?.('a[href*="#story="], a[href*="#write="]');
        if (link && new URL(link.href, location.href).hash === location.hash) this.open(true);
      },
      { signal },
    );
    this.open();
  }

  cancel() {
    this.hash.cancel();
  }

  /**
   * Put the story, selection and heads off into the URL hash, and into the link box when it is
   * shown (with the guess whose removals are shown); `copy`: also show the box and copy the link. A story that cannot be shared takes the
   * previous story's link out of both, so that neither reopens another story.
   */
  async share(copy) {
    const story = this.story;
    if (!story.result || !story.selectionNow) return;
    try {
      const offSegment = formatOffSegment(story.switched?.off ?? []);
      const value = await encodeShare({ text: story.text, ...story.selectionNow, offSegment });
      this.written = value;
      this.hash.write(HASH_KEY, value);
      const url = new URL(location.href);
      const guess = story.which.removal ? `&${GUESS_KEY}=${story.which.guess.token}` : '';
      url.hash = `${HASH_KEY}=${value}${guess}`;
      if (!story.ui.link.hidden) story.ui.link.value = url.href;
      if (copy) {
        story.ui.link.hidden = false;
        story.ui.link.value = url.href;
        story.ui.link.select();
        await navigator.clipboard?.writeText(url.href).catch(() => {});
        story.setStatus(
          `The link (${value.length.toLocaleString('en')} characters of story) is in the box below.`,
        );
      }
    } catch (err) {
      this.forget();
      if (copy) story.setStatus(err.message);
    }
  }

  /** No link for the story shown: the box is emptied and hidden, the address loses its story. */
  forget() {
    this.written = undefined;
    this.hash.write(HASH_KEY, null);
    this.story.ui.link.value = '';
    this.story.ui.link.hidden = true;
  }

  /** Put a written story's text, settings and heads off into the URL hash (its permalink). */
  async shareWriting(written) {
    try {
      const value = await formatWriteLink(written);
      this.writtenLink = value;
      this.hash.write(WRITE_KEY, value);
    } catch (err) {
      this.story.writer.say(`${this.story.writer.status.textContent} ${err.message}`);
    }
  }

  /** The URL hash's written story, if it names one: the reader's link, or the chapter's. */
  async openWriting(value) {
    const story = this.story;
    const writer = story.writer;
    scrollIntoViewSettled(story);
    try {
      const link = await parseWriteLink(value);
      await story.describeDownload();
      if (!story.info) return;
      let text, off;
      if (link.chapter) {
        const [chapter, presets] = await Promise.all([
          fetchJson(new URL('writing.json', story.artifactsBase())),
          link.chapter === 'all' ? null : story.headsOff.loadPresets(),
        ]);
        off = link.chapter === 'all' ? [] : presets[link.chapter];
        if (!off)
          throw new Error(`the chapter's artifacts do not say which heads are ${PRESET_NAMES[link.chapter]}`);
        const s = chapter.settings;
        writer.setSettings({ temperature: s.temperature, topK: s.top_k, seed: s.seed });
        text = chapter.prompt;
      } else {
        const parsed = parseOffSegment(link.offSegment, story.info.layers, story.info.heads);
        if (parsed.problem) throw new Error(parsed.problem);
        off = parsed.off;
        writer.setSettings(link.settings);
        text = link.text;
      }
      story.headsOff.set(off);
      story.ui.text.value = text;
      if (link.chapter || (await this.modelIsCached())) await writer.write(text);
      else
        writer.say(
          `A written story's link was opened${off.length ? `, with ${describeCount(off)} off` : ''}. ` +
            'Press Write to write it again.',
        );
    } catch (err) {
      writer.say(`The written story in this link was ignored: ${err.message}.`);
    }
  }

  /** The URL hash's story, if it names one: a shared story, or a "try it" link. */
  open(again = false) {
    const state = parseHashState(location.hash);
    const writing = state[WRITE_KEY];
    if (writing && (writing !== this.writtenLink || again)) {
      this.writtenLink = writing;
      this.openWriting(writing);
    }
    const value = state[HASH_KEY];
    if (!value || (value === this.written && !again)) return;
    this.written = value;
    const guess = Number(state[GUESS_KEY]);
    this.story.pendingGuess = Number.isInteger(guess) && guess >= 1 ? guess : null;
    this.story.ui.switchError.hidden = true;
    const tryIt = parseTryIt(value);
    if (tryIt) this.openTryIt(...tryIt);
    else this.openSharedStory(value);
  }

  async openSharedStory(value) {
    const story = this.story;
    let shared;
    try {
      shared = await decodeShare(value);
    } catch (err) {
      story.setStatus(
        `The story in this link was ignored: ${err.message} (links hold at most ${SHARE_LIMIT} characters).`,
      );
      return;
    }
    story.ui.text.value = shared.text;
    story.scrollIntoView({ block: 'start' });
    await story.describeDownload();
    if (!story.info) return;
    const { off, problem } = parseOffSegment(shared.offSegment, story.info.layers, story.info.heads);
    story.headsOff.set(off);
    if (problem) story.failSwitches(`In this link, ${problem}; the rest of the link is shown.`);
    if (await this.modelIsCached()) {
      story.analyse(false, shared);
    } else {
      story.pendingSelection = shared;
      story.setStatus(
        `A shared story was opened from the link${off.length ? `, with ${describeCount(off)} off` : ''}. ` +
          'Press Analyse to read it with Sprout.',
      );
    }
  }

  /** A chapter story with a preset's heads off, read at once: the reader asked by following the link. */
  async openTryIt(example, preset) {
    const story = this.story;
    scrollIntoViewSettled(story);
    story.setStatus('Opening the chapter’s story…');
    try {
      await story.describeDownload();
      if (!story.info) return;
      const listed = preset.startsWith('off');
      const [chapterStory, presets] = await Promise.all([
        loadExample(exampleUrl(new URL('examples/', story.artifactsBase()).href, example)),
        preset === 'all' || listed ? null : story.headsOff.loadPresets(),
      ]);
      let off = [];
      if (listed) {
        const parsed = parseOffSegment(preset, story.info.layers, story.info.heads);
        off = parsed.off;
        if (parsed.problem)
          story.failSwitches(`In this link, ${parsed.problem}; the rest of the link is shown.`);
      } else if (preset !== 'all') off = presets[preset];
      if (!off) throw new Error(`the chapter's artifacts do not say which heads are ${PRESET_NAMES[preset]}`);
      story.headsOff.set(off);
      story.ui.text.value = chapterStory.text;
      story.clearError();
      await story.request(chapterStory.text, false, null);
    } catch (err) {
      story.setStatus('');
      story.fail(`The chapter's story could not be opened: ${err.message}`);
    }
  }

  async modelIsCached() {
    const story = this.story;
    try {
      await story.describeDownload();
      const cache = await caches.open('sprout-browser-model');
      return Boolean(story.info && (await cache.match(new URL(story.info.file, story.base()).href)));
    } catch {
      return false;
    }
  }
}
