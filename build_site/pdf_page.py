"""The chapter's page made ready for paper, in the browser (build_site/pdf.py): the quizzes as
questions with their answers at the end, every <details> open, every link absolute (a relative
link means nothing in a PDF), the document's title, and a table of contents whose page numbers
build_site/pdf_contents.py fills in. The print stylesheet (`@media print` in
site_assets/chapter.css) does the rest: no header, navigation or search, no figure split.
"""

# Each quiz: its question and lettered choices where it stood; its answer, with the reason, in a
# section at the end of the chapter
QUIZZES = """() => {
  const quizzes = [...document.querySelectorAll('sprout-quiz')];
  if (!quizzes.length) return 0;
  const letter = (i) => String.fromCharCode(97 + i);
  const answers = document.createElement('section');
  answers.className = 'sprout-print-answers';
  const title = document.createElement('h2');
  title.id = 'answers-to-the-quizzes';
  title.textContent = 'Answers to the quizzes';
  answers.append(title);
  quizzes.forEach((quiz, number) => {
    const question = quiz.querySelector('.question')?.textContent.trim() || '';
    const choices = [...quiz.querySelectorAll('li')];
    const block = document.createElement('div');
    block.className = 'sprout-print-quiz';
    const head = document.createElement('p');
    head.innerHTML = '<strong></strong> ';
    head.firstChild.textContent = `Quiz ${number + 1}.`;
    head.append(question);
    const list = document.createElement('ol');
    list.type = 'a';
    choices.forEach((choice) => {
      const item = document.createElement('li');
      item.textContent = choice.firstChild.textContent.trim();
      list.append(item);
    });
    const see = document.createElement('p');
    see.className = 'sprout-print-see-answer';
    see.innerHTML = 'The answer is in <a href="#answers-to-the-quizzes">Answers to the quizzes</a>.';
    block.append(head, list, see);
    quiz.replaceWith(block);
    const answer = document.createElement('p');
    choices.forEach((choice, i) => {
      if (!choice.hasAttribute('data-correct')) return;
      const why = choice.querySelector('.why')?.textContent.trim() || '';
      answer.innerHTML = '<strong></strong> ';
      answer.firstChild.textContent = `Quiz ${number + 1}: (${letter(i)}) ${choice.firstChild.textContent.trim()}`;
      answer.append(why);
    });
    answers.append(answer);
  });
  document.querySelector('article').append(answers);
  return quizzes.length;
}"""

# Collapsed notes open; the charts' data tables (downloads and a table of the numbers) stay
# with the live figure
OPEN_DETAILS = """() => {
  document.querySelectorAll('.sprout-figure-data').forEach(d => d.remove());
  document.querySelectorAll('article details').forEach(d => { d.open = true; });
}"""

# Links to the site's other pages point at the hosted site; a link within the chapter stays one
ABSOLUTE_LINKS = """address => document.querySelectorAll('article a[href]').forEach(a => {
  const href = a.getAttribute('href');
  if (href.startsWith('#')) return;
  const target = new URL(href, location.href);
  if (target.origin !== location.origin) return;
  a.href = new URL(target.pathname.slice(1) + target.search + target.hash, address).href;
})"""

# The table of contents after the chapter's title: its h2 and h3 headings, each with a page
# number (a placeholder until the first print has shown where each lands)
CONTENTS = """() => {
  const headings = [...document.querySelectorAll('article h2[id], article h3[id]')];
  const nav = document.createElement('nav');
  nav.className = 'sprout-print-contents';
  nav.setAttribute('aria-label', 'Contents');
  const title = document.createElement('p');
  title.className = 'sprout-print-contents-title';
  title.textContent = 'Contents';
  const list = document.createElement('ol');
  for (const heading of headings) {
    const item = document.createElement('li');
    item.className = heading.localName;
    const link = document.createElement('a');
    link.href = `#${heading.id}`;
    link.textContent = heading.textContent.replace('¶', '').trim();
    const number = document.createElement('span');
    number.className = 'sprout-print-page';
    number.textContent = '00';
    item.append(link, number);
    list.append(item);
  }
  nav.append(title, list);
  document.querySelector('article h1').after(nav);
  return headings.map(h => h.textContent.replace('¶', '').trim());
}"""

# A tagged PDF makes each <figure> a Figure of its own, whose alternative text is the figure's
# accessible name: its caption
NAME_FIGURES = """() => document.querySelectorAll('article figure:not([aria-label])').forEach(figure => {
  const caption = figure.querySelector('figcaption')?.textContent.trim();
  if (caption) figure.setAttribute('aria-label', caption);
})"""

SET_PAGE_NUMBERS = """numbers => document.querySelectorAll('.sprout-print-contents .sprout-print-page')
  .forEach((span, i) => { span.textContent = String(numbers[i]); })"""


def make_paper_page(page, chapter_address, title):
    """Rewrites the loaded chapter for print; -> the titles the table of contents lists, in order."""
    page.evaluate(QUIZZES)
    page.evaluate(OPEN_DETAILS)
    page.evaluate(NAME_FIGURES)
    if chapter_address is not None:  # else the site's own links stay as they are
        page.evaluate(ABSOLUTE_LINKS, chapter_address)
    page.evaluate("title => { document.title = title; }", title)
    return page.evaluate(CONTENTS)


def set_page_numbers(page, numbers):
    page.evaluate(SET_PAGE_NUMBERS, numbers)
