// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'coverage/', 'screenshots/', 'custom-elements.json'] },
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
    // Data from the API is text, never markup.
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'lit/directives/unsafe-html.js', message: 'API data is text, never markup.' },
            { name: 'lit/directives/unsafe-svg.js', message: 'API data is text, never markup.' },
            {
              name: 'lit/directives/style-map.js',
              message:
                "styleMap writes a style attribute on first render, which a strict CSP (style-src 'self') blocks: use styleProps from src/internal/style-props.ts.",
            },
          ],
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
    // chai's property assertions (`expect(x).to.exist`) are expressions.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
  {
    files: ['scripts/**', 'demo/api/**', 'bench/**', '*.config.*'],
    rules: { 'no-console': 'off' },
  },
);
