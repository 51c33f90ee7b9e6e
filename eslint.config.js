// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';
import globals from 'globals';

/** Imports no source file may use: API data is text, never markup; no inline style attribute. */
const RESTRICTED_IMPORTS = [
  { name: 'lit/directives/unsafe-html.js', message: 'API data is text, never markup.' },
  { name: 'lit/directives/unsafe-svg.js', message: 'API data is text, never markup.' },
  {
    name: 'lit/directives/style-map.js',
    message:
      "styleMap writes a style attribute on first render, which a strict CSP (style-src 'self') blocks: use styleProps from src/element/style-props.ts.",
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'lib/',
      'build/',
      'coverage/',
      // The mutation run's reports and sandboxes (npm run mutate).
      'reports/',
      'screenshots/',
      'custom-elements.json',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.ts', 'demo/**/*.ts', 'test/**/*.ts'],
    ...wc.configs['flat/best-practice'],
  },
  {
    files: ['src/**/*.ts', 'demo/**/*.ts', 'test/**/*.ts'],
    ...lit.configs['flat/recommended'],
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // Data from the API is text, never markup. No source file over 400 lines, comments included:
    // past that a module holds more than one job.
    files: ['src/**/*.ts'],
    rules: {
      'max-lines': ['error', { max: 400 }],
      'no-restricted-imports': [
        'error',
        {
          paths: RESTRICTED_IMPORTS,
        },
      ],
      'no-restricted-properties': [
        'error',
        { property: 'innerHTML', message: 'API data is text, never markup.' },
        { property: 'outerHTML', message: 'API data is text, never markup.' },
      ],
    },
  },
  {
    // An element's properties are typed from its descriptor by an interface merged with its
    // class (`interface KhountousRanking extends PropertiesOf<...>`): Lit creates them from
    // `static properties`, so no field is left uninitialised behind the type.
    files: ['src/components/*/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-declaration-merging': 'off',
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    // Elements never import the loader: their controllers give them what they need (peek, the budget).
    files: ['src/components/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: RESTRICTED_IMPORTS,
          patterns: [
            {
              group: ['**/core/loader/*'],
              message:
                'Elements never import the loader: the resource and quota controllers give them what they need.',
            },
          ],
        },
      ],
    },
  },
  {
    // chai's property assertions (`expect(x).to.exist`) are expressions.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-expressions': 'off',
      // A dev server a test starts has a dependency cache of its own (test/helpers/vite-cache.ts).
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.name="createServer"] > ObjectExpression.arguments:first-child:not(:has(Property[key.name="cacheDir"]))',
          message:
            'A Vite dev server started by a test takes `cacheDir: ownViteCache(label)` (test/helpers/vite-cache.ts): a shared cache is rewritten by the servers started beside it.',
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'demo/api/**', 'bench/**', '*.config.*'],
    rules: { 'no-console': 'off' },
  },
);
