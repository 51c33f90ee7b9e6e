// knip (part of `npm run lint` and of `npm test`'s lint step): files, exports and
// dependencies that nothing uses. Its plugins read the config files of Vite,
// ESLint, Prettier, TypeScript, tsx, size-limit and Node's test runner; the
// entries below are the rest.
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  entry: [
    // The package's entries (package.json "exports", scripts/build/build.mjs).
    'src/index.ts',
    'src/khountous.ts',
    // The script tag's delivery (scripts/build/build.mjs puts it in place of src/boot/bundled.ts).
    'src/boot/served.ts',
    // Lit's hydrate support of the script tag (dist/hydrate.js), which boot/served.ts imports by URL.
    'src/boot/hydrate.ts',
    'src/embed/main.ts',
    'src/embed/resize-host.ts',
    'src/components/*/define.ts',
    'src/ssr/render.ts',
    'src/ssr/cli.ts',
    // Demo pages, bench, scripts and tests (Node's and the browser's).
    'demo/**/*.{ts,html}',
    'bench/**/*.{js,mjs,html}',
    'scripts/**/*.mjs',
    'scripts/generate/wordpress.ts',
    // The WordPress plugin's editor script, loaded by WordPress.
    'wordpress/**/*.js',
    'test/**/*.{ts,js,mjs}',
    // The fixture apps of the React and Vue typings, each file checked on its own (test/fixtures/types/check.ts).
    'test/fixtures/types/vue/*.vue',
    'web-test-runner.config.mjs',
    // knip's second run, without the tests (`npm run lint:exports`).
    'knip.src.config.ts',
    'custom-elements-manifest.config.mjs',
    // Read by puppeteer (the Firefox launcher of the browser tests): never download a browser.
    '.puppeteerrc.cjs',
  ],
  project: ['**/*.{ts,js,mjs,cjs,vue}'],
  ignoreDependencies: [
    // The font files the PNG of renderImage is drawn with (src/ssr/image.ts resolves them by path, imports nothing).
    'dejavu-fonts-ttf',
    // Installed for the Firefox launcher (@web/test-runner-puppeteer), which no file imports by this name.
    'puppeteer',
    // Used by the React and Vue apps that test/dist/snippets-compile.test.ts writes to a temporary directory.
    'react',
    'react-dom',
    '@types/react-dom',
    '@vue/tsconfig',
    'vue-tsc',
    // Installed, at the lockfile's versions, into the fresh apps of test/package/ (which build the
    // packed tarball with them), by name rather than by import.
    'webpack',
    // Run by scripts/build/package-lint.mjs from node_modules/.bin.
    'publint',
    '@arethetypeswrong/cli',
    // Installed, at the lockfile's versions, into the example sites' folders (test/package/examples.ts),
    // which run them; here in devDependencies so that npm's cache holds them.
    'astro',
    '@11ty/eleventy',
    'next',
  ],
  // The example sites (examples/*) are apps of their own, with their own package.json: test/package/
  // installs and builds each one from the packed tarball.
  // A widget folder that test/new-widget/ copies into src/components/ of a copy of the repository.
  ignore: ['examples/**', 'test/fixtures/new-widget/**'],
  // The Astro plugin would look for the repository's own Astro site: there is none.
  astro: false,
  // Debian's tools, with which scripts/test/browsers.mjs installs a missing browser, PHP (test/wordpress/),
  // openssl, with which test/proxy/certificates.ts makes the TLS tests' certificates, and Varnish's
  // varnishlog and varnishstat, with which scripts/tier/varnish.mjs reads its log and its cache.
  ignoreBinaries: ['apt-get', 'dpkg-query', 'php', 'openssl', 'varnishlog', 'varnishstat'],
  // URLs of the bench's server (bench/server.mjs), imported by the bench's pages.
  ignoreUnresolved: ['/dist/khountous.js', '/bench/baseline/widgets.js'],
  treatConfigHintsAsErrors: true,
};

export default config;
