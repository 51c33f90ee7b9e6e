/**
 * The editor's words in the WordPress plugin, through PHP's CLI: the checks of `headline`,
 * `subtitle`, `note` (plain text, white space normalised, cut at the bound with the kit's
 * warning) and `source-href` (http(s) or set aside, with the kit's warning) give what the
 * kit's rules give (src/attributes/rules.ts); the fallback writes the words escaped, the
 * headline in place of the widget's title at heading-level.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { problemOf } from '../../src/attributes/messages.js';
import { checkAttribute, RULES } from '../../src/attributes/rules.js';

const INCLUDES = 'wordpress/khountous-widgets/includes';
const STUBS = `define( 'ABSPATH', '/' );
function esc_html( $s ) { return htmlspecialchars( (string) $s, ENT_QUOTES ); }
function esc_attr( $s ) { return esc_html( $s ); }
function esc_url( $s ) { return $s; }
function wp_date( $f, $t ) { return gmdate( $f, $t ); }
function __( $s ) { return $s; }
function get_user_locale() { return 'en_US'; }
require '${INCLUDES}/attributes.php';
require '${INCLUDES}/fallback.php';`;

function php(code: string, input: unknown): unknown {
  const result = spawnSync(
    'php',
    ['-r', `${STUBS}\n$input = json_decode( stream_get_contents( STDIN ), true );\n${code}`],
    {
      input: JSON.stringify(input),
      encoding: 'utf8',
    },
  );
  assert.equal(result.status, 0, result.stderr || result.stdout);
  return JSON.parse(result.stdout);
}

const available = spawnSync('php', ['-v']).status === 0;

describe("WordPress: the editor's words", { skip: available ? false : 'no PHP CLI' }, () => {
  it('checks headline, subtitle, note and source-href as the kit does', () => {
    const values = [
      '',
      '  Un   titre\n\tsur deux lignes  ',
      '<img src=x onerror=alert(1)>',
      'é'.repeat(119) + '😀',
      'é'.repeat(130),
      'n'.repeat(401),
      ' \u00a0mot\u202fsuivant\u2028fin ',
      'https://www.example.sn/methode',
      '/methodologie',
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.example/',
      '/\\evil.example/',
    ];
    const rules = {
      headline: RULES.headline,
      subtitle: RULES.subtitle,
      note: RULES.note,
      'source-href': RULES.sourceHref,
    };
    const names = { headline: 'headline', subtitle: 'subtitle', note: 'note', 'source-href': 'sourceHref' };
    const cases = Object.entries(rules).flatMap(([attribute]) =>
      values
        // A message quotes a long value with its length in UTF-16 units (rules.ts `quoted`), PHP in code points.
        .filter((value) => attribute !== 'source-href' || !/\p{Extended_Pictographic}/u.test(value))
        .map((value) => ({ attribute, name: names[attribute as keyof typeof names], value })),
    );
    const out = php(
      `$rules = khountous_widgets_definitions()['rules'];
echo json_encode( array_map( static function ( $c ) use ( $rules ) {
  $r = khountous_widgets_check_value( $c['attribute'], $rules[ $c['name'] ], $c['value'] );
  return array( 'ok' => $r['ok'], 'value' => isset( $r['value'] ) ? $r['value'] : null, 'message' => isset( $r['problem'] ) ? $r['problem'] : null );
}, $input ) );`,
      cases,
    ) as { ok: boolean; value: string | null; message: { fr: string; en: string } | null }[];
    cases.forEach(({ attribute, value }, index) => {
      const kit = checkAttribute(attribute, rules[attribute as keyof typeof rules], value);
      const message = kit.problem ? { ...problemOf(kit.problem).message } : null;
      assert.deepEqual(
        out[index],
        { ok: true, value: (kit.ok ? kit.value : undefined) ?? null, message },
        `${attribute}=${JSON.stringify(value)}`,
      );
    });
    // Some of them were cut, with the warning that says so; a javascript: link set aside.
    assert.ok(out.some((result) => result.message?.en.includes('shown cut at 120 characters')));
    assert.ok(
      out.some((result) => result.message?.en.includes('the source line links to https://khountous.sn')),
    );
  });

  it('the fallback: the headline in place of the title, the subtitle and the note, escaped', () => {
    const html = php(
      `echo json_encode( khountous_widgets_fallback( 'ranking', $input, array( 'data' => array( array( 'slug' => 'a', 'name' => 'Mairie', 'score' => 72, 'responseRate' => 50, 'avgDelayDays' => 3 ) ) ), 'fr', 1764000000, 'https://example.org' ) );`,
      {
        headline: 'Titre <img src=x onerror=alert(1)>',
        subtitle: 'Sous & titre',
        note: '<b>Note</b>',
        'heading-level': '4',
      },
    ) as string;
    assert.match(html, /<h4>Titre &lt;img src=x onerror=alert\(1\)&gt;<\/h4><p>Sous &amp; titre<\/p>/);
    assert.doesNotMatch(html, /Classement des administrations/, 'its own caption replaced');
    assert.match(
      html,
      /<\/ol><p>&lt;b&gt;Note&lt;\/b&gt;<\/p><p><small>/,
      'the note after the data, before the source',
    );
    assert.doesNotMatch(html, /<img|<b>/);
    const plain = php(
      `echo json_encode( khountous_widgets_fallback( 'ranking', array(), array( 'data' => array() ), 'fr', 1764000000, 'https://example.org' ) );`,
      {},
    ) as string;
    assert.match(plain, /Classement des administrations/);
  });
});
