// Typesets formulas with the site's pinned KaTeX, for build_site/math.py.
// stdin: a JSON list of {"tex": "...", "display": true|false}; stdout: a JSON list of HTML strings
// (KaTeX's HTML for the eye and MathML for screen readers). A formula KaTeX cannot parse ends
// the run with one line on stderr naming it, and exit status 1.
const katex = require('katex');

let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  input += chunk;
});
process.stdin.on('end', () => {
  const formulas = JSON.parse(input);
  const rendered = [];
  for (const { tex, display } of formulas) {
    try {
      rendered.push(
        katex.renderToString(tex, { displayMode: display, throwOnError: true, output: 'htmlAndMathml' }),
      );
    } catch (error) {
      process.stderr.write(`${error.message.split('\n')[0]} in ${JSON.stringify(tex.trim())}\n`);
      process.exit(1);
    }
  }
  process.stdout.write(JSON.stringify(rendered));
});
