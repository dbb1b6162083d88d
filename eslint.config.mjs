// ESLint for the widgets and their Node tests: the recommended rules, which find real mistakes
// (undefined names, unused variables, unreachable code); layout is Prettier's job.
import js from '@eslint/js';
import globals from 'globals';

export default [
  {
    ignores: [
      'node_modules/',
      '.venv/',
      'site/',
      'docs/',
      'test-output/',
      'unpublished/',
      'sprout/notebook/widgets.js',
    ],
  },
  js.configs.recommended,
  {
    files: ['site_assets/**/*.js', 'sprout/notebook/entry.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  { files: ['site_assets/tests/**/*.mjs'], languageOptions: { globals: { ...globals.node } } },
  { files: ['build_site/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } } },
];
