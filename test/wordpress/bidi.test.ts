/**
 * The WordPress fallback keeps a text from the API to its own direction as the kit does:
 * includes/fallback.php `khountous_widgets_balanced` gives what src/i18n/bidi.ts `balanced`
 * gives, for every text (PHP's CLI, over texts full of explicit directional formatting and
 * paragraph separators), and the fallback writes each text in a <bdi>, balanced.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { balanced } from '../../src/i18n/bidi.js';
import { skipReason } from './harness.js';

const skip = skipReason();

const FALLBACK = 'wordpress/khountous-widgets/includes/fallback.php';

/** What PHP's `khountous_widgets_balanced` gives for each text. */
function phpBalanced(texts: readonly string[]): string[] {
  const script = `define( 'ABSPATH', '/' ); require '${FALLBACK}';
echo json_encode( array_map( 'khountous_widgets_balanced', json_decode( stream_get_contents( STDIN ), true ) ) );`;
  const result = spawnSync('php', ['-r', script], { input: JSON.stringify(texts), encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  return JSON.parse(result.stdout) as string[];
}

const unit = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...'\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069') },
  { weight: 1, arbitrary: fc.constantFrom('\n', '\r', '\u001c', '\u001d', '\u001e', '\u0085', '\u2029') },
  { weight: 3, arbitrary: fc.constantFrom('a', 'א', 'ب', '1', ' ', 'é', '😀') },
);

describe('WordPress fallback: direction', { skip }, () => {
  it('balances every text as src/i18n/bidi.ts does', () => {
    const texts = fc.sample(
      fc.oneof(
        fc.string({ unit, maxLength: 40 }),
        // Any code points, lone surrogates out: PHP's JSON would refuse the whole list.
        fc.string({ unit: 'binary', maxLength: 30 }).map((text) => text.replace(/\p{Cs}/gu, '')),
      ),
      { numRuns: 3000, seed: 50 },
    );
    texts.push('\u202eDakar', '\u2069\u202eDakar', 'Dakar', '', '\u2029\u202bx');
    const php = phpBalanced(texts);
    texts.forEach((text, index) => assert.equal(php[index], balanced(text), JSON.stringify(text)));
  });

  it('writes each text of the answer in a <bdi>, balanced: a name before its figures', () => {
    const php = `define( 'ABSPATH', '/' );
      function esc_html( $s ) { return htmlspecialchars( (string) $s, ENT_QUOTES ); }
      function esc_attr( $s ) { return esc_html( $s ); }
      function esc_url( $s ) { return $s; }
      function wp_date( $f, $t ) { return gmdate( $f, $t ); }
      function khountous_widgets_definitions() { static $d; return $d ??= require 'wordpress/khountous-widgets/includes/definitions.php'; }
      require '${FALLBACK}';
      $item = array( 'slug' => 'a', 'name' => "\\u{2069}\\u{202E}Ndakaaru", 'score' => 72, 'responseRate' => 50, 'avgDelayDays' => 3 );
      echo khountous_widgets_fallback( 'ranking', array(), array( 'data' => array( $item ) ), 'en', 1764000000, 'https://example.org' );`;
    const result = spawnSync('php', ['-r', php], { encoding: 'utf8' });
    assert.equal(result.status, 0, result.stderr);
    // The stray PDI given its FSI, the override closed (PDF), all inside the <bdi>; the figures after it.
    assert.match(
      result.stdout,
      /<li value="1"><bdi>\u2068\u2069\u202eNdakaaru\u202c<\/bdi> \(Score: 72\/100/,
    );
  });
});
