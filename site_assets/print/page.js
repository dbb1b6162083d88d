// The chapter's page made ready for paper, run in the page by build_site/pdf.py (headless Chromium):
// the quizzes as questions with their answers at the end, every note open, every link absolute (a
// relative link means nothing in a PDF), figures named for a tagged PDF, and a table of contents
// whose page numbers build_site/pdf_contents.py reads from the first print. The print stylesheet
// (`@media print` in site_assets/chapter.css) does the rest. No reader's page loads this file.

/** The letter of the i-th choice: a, b, c... */
export const choiceLetter = (i) => String.fromCharCode(97 + i);

/** A heading's text without its permalink mark. */
export const headingTitle = (text) => text.replace('¶', '').trim();

/**
 * Where a link of the chapter points on paper: null for a link within the page or to another
 * site (kept as it is), else the same page of the hosted site at `address`.
 */
export function paperHref(href, pageHref, address) {
  if (href.startsWith('#')) return null;
  const target = new URL(href, pageHref);
  if (target.origin !== new URL(pageHref).origin) return null;
  return new URL(target.pathname.slice(1) + target.search + target.hash, address).href;
}

function bold(doc, text) {
  const strong = doc.createElement('strong');
  strong.textContent = text;
  return strong;
}

/** Each quiz: its question and lettered choices where it stood, its answer with the reason in a
 * section at the end of the chapter. -> how many quizzes there were. */
export function printQuizzes(doc = document) {
  const quizzes = [...doc.querySelectorAll('sprout-quiz')];
  if (!quizzes.length) return 0;
  const answers = doc.createElement('section');
  answers.className = 'sprout-print-answers';
  const title = doc.createElement('h2');
  title.id = 'answers-to-the-quizzes';
  title.textContent = 'Answers to the quizzes';
  answers.append(title);
  quizzes.forEach((quiz, number) => {
    const question = quiz.querySelector('.question')?.textContent.trim() || '';
    const choices = [...quiz.querySelectorAll('li')];
    const block = doc.createElement('div');
    block.className = 'sprout-print-quiz';
    const head = doc.createElement('p');
    head.append(bold(doc, `Quiz ${number + 1}.`), ' ', question);
    const list = doc.createElement('ol');
    list.type = 'a';
    for (const choice of choices) {
      const item = doc.createElement('li');
      item.textContent = choice.firstChild.textContent.trim();
      list.append(item);
    }
    const see = doc.createElement('p');
    see.className = 'sprout-print-see-answer';
    const link = doc.createElement('a');
    link.href = '#answers-to-the-quizzes';
    link.textContent = 'Answers to the quizzes';
    see.append('The answer is in ', link, '.');
    block.append(head, list, see);
    quiz.replaceWith(block);
    const answer = doc.createElement('p');
    choices.forEach((choice, i) => {
      if (!choice.hasAttribute('data-correct')) return;
      const why = choice.querySelector('.why')?.textContent.trim() || '';
      const text = `Quiz ${number + 1}: (${choiceLetter(i)}) ${choice.firstChild.textContent.trim()}`;
      answer.replaceChildren(bold(doc, text), ' ', why);
    });
    answers.append(answer);
  });
  doc.querySelector('article').append(answers);
  return quizzes.length;
}

/** Collapsed notes open; the charts' data tables (downloads, a table of the numbers) stay with the
 * live figure. */
export function openNotes(doc = document) {
  doc.querySelectorAll('.sprout-figure-data').forEach((d) => d.remove());
  doc.querySelectorAll('article details').forEach((d) => {
    d.open = true;
  });
}

/** Links to the site's other pages point at the hosted site at `address`. */
export function absoluteLinks(address, doc = document) {
  for (const a of doc.querySelectorAll('article a[href]')) {
    const href = paperHref(a.getAttribute('href'), doc.location.href, address);
    if (href !== null) a.href = href;
  }
}

/** A tagged PDF makes each <figure> a Figure whose alternative text is its accessible name: its
 * caption. */
export function nameFigures(doc = document) {
  for (const figure of doc.querySelectorAll('article figure:not([aria-label])')) {
    const caption = figure.querySelector('figcaption')?.textContent.trim();
    if (caption) figure.setAttribute('aria-label', caption);
  }
}

/** The table of contents after the chapter's title: its h2 and h3 headings, each with a page
 * number (a placeholder of the same width until the first print shows where each lands).
 * -> the headings' titles, in order. */
export function addContents(doc = document) {
  const headings = [...doc.querySelectorAll('article h2[id], article h3[id]')];
  const nav = doc.createElement('nav');
  nav.className = 'sprout-print-contents';
  nav.setAttribute('aria-label', 'Contents');
  const title = doc.createElement('p');
  title.className = 'sprout-print-contents-title';
  title.textContent = 'Contents';
  const list = doc.createElement('ol');
  for (const heading of headings) {
    const item = doc.createElement('li');
    item.className = heading.localName;
    const link = doc.createElement('a');
    link.href = `#${heading.id}`;
    link.textContent = headingTitle(heading.textContent);
    const number = doc.createElement('span');
    number.className = 'sprout-print-page';
    number.textContent = '00';
    item.append(link, number);
    list.append(item);
  }
  nav.append(title, list);
  doc.querySelector('article h1').after(nav);
  return headings.map((h) => headingTitle(h.textContent));
}

/** The contents' page numbers, in the order of its entries. */
export function setPageNumbers(numbers, doc = document) {
  doc.querySelectorAll('.sprout-print-contents .sprout-print-page').forEach((span, i) => {
    span.textContent = String(numbers[i]);
  });
}

/** Each heading titled in `titles` starts a new page (one that printed last on its page). */
export function breakBefore(titles, doc = document) {
  const wanted = new Set(titles);
  for (const heading of doc.querySelectorAll('article h2[id], article h3[id], article h4[id]')) {
    if (wanted.has(headingTitle(heading.textContent))) heading.classList.add('sprout-print-new-page');
  }
}

/** The page rewritten for paper, with `title` as the document's title and the site's links at
 * `address` (null: left as they are). -> the titles the contents list. */
export function makePaperPage(address, title, doc = document) {
  printQuizzes(doc);
  openNotes(doc);
  nameFigures(doc);
  if (address !== null) absoluteLinks(address, doc);
  doc.title = title;
  return addContents(doc);
}

/** Every part of the chapter laid out now (build_site/page_parts.py: parts far from the screen
 * are skipped until a reader comes near). */
export function layOutParts(doc = document) {
  doc.querySelectorAll('.sprout-part').forEach((part) => part.classList.add('laid-out'));
}

/** The chapter's title, as its h1 shows it. */
export const chapterTitle = (doc = document) => headingTitle(doc.querySelector('article h1').textContent);

/** The text printed just before `el`: its previous sibling's, or its parent's previous sibling's
 * when it opens its parent (a part of the chapter). */
function textBefore(el) {
  for (let at = el; at && !at.matches('article'); at = at.parentElement) {
    if (at.previousElementSibling) return at.previousElementSibling.textContent.trim();
  }
  return '';
}

const figuresOnPaper = (doc) =>
  [...doc.querySelectorAll('article figure')].filter(
    (f) => f.querySelector('figcaption') && f.querySelector('img'),
  );

/** The height a figure takes on the page, its margins included (CSS px). */
function outerHeight(figure) {
  const style = getComputedStyle(figure);
  return figure.getBoundingClientRect().height + parseFloat(style.marginTop) + parseFloat(style.marginBottom);
}

/** The page's pictured figures in order: each one's caption, the last words printed before it and
 * the height it takes, margins included (CSS px), for build_site/pdf_fit.py. */
export function paperFigures(doc = document) {
  return figuresOnPaper(doc).map((figure) => ({
    caption: figure.querySelector('figcaption').textContent.trim(),
    before: textBefore(figure).slice(-80),
    height: outerHeight(figure),
  }));
}

/** Figure `index` of paperFigures made to take at most `height` CSS px, margins included: its
 * tallest picture scaled down, centred, its width following. */
export function shrinkFigure(index, height, doc = document) {
  const figure = figuresOnPaper(doc)[index];
  const excess = outerHeight(figure) - height;
  if (excess <= 0) return;
  const picture = [...figure.querySelectorAll('img')].reduce((a, b) =>
    b.clientHeight > a.clientHeight ? b : a,
  );
  picture.dataset.paperStyle = picture.getAttribute('style') ?? '';
  Object.assign(picture.style, {
    maxHeight: `${picture.getBoundingClientRect().height - excess}px`,
    width: 'auto',
    maxWidth: '100%',
    marginInline: 'auto',
  });
}

/** Every figure shrinkFigure made smaller back to its size (before printing another paper). */
export function restoreFigures(doc = document) {
  for (const picture of doc.querySelectorAll('article figure img[data-paper-style]')) {
    picture.setAttribute('style', picture.dataset.paperStyle);
    delete picture.dataset.paperStyle;
  }
}
