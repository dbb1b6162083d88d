// Prunes a notebook page's stylesheet to what the page uses, for build_site/notebook_styles.py.
// stdin: a JSON list of {"page": HTML without its style blocks, "css": the stylesheet}; stdout: a
// JSON list of the pruned stylesheets. PurgeCSS keeps a rule when every class, id and element of
// a selector appears in the page (its scripts included: what they add at run time is kept too),
// then drops the custom properties no kept rule reads. Keyframes and font faces stay, and so does
// any rule naming one of the theme's classes.
const { PurgeCSS } = require('purgecss');

// The theme's classes (md-...): its script adds some after load, which the page's HTML cannot show
const MATERIAL_CLASS = [/^md-/];

async function prune({ page, css }) {
  const [result] = await new PurgeCSS().purge({
    content: [{ raw: page, extension: 'html' }],
    css: [{ raw: css }],
    variables: true,
    safelist: { greedy: MATERIAL_CLASS },
  });
  return result.css;
}

let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  input += chunk;
});
process.stdin.on('end', async () => {
  try {
    const pruned = [];
    for (const item of JSON.parse(input)) pruned.push(await prune(item));
    process.stdout.write(JSON.stringify(pruned));
  } catch (error) {
    process.stderr.write(`${error.message.split('\n')[0]}\n`);
    process.exit(1);
  }
});
