import assert from 'node:assert/strict';
import { register } from 'node:module';
import { describe, it } from 'node:test';
import { ERROR_KINDS } from '../../src/core/errors.js';
import { attributeMessages } from '../../src/i18n/attributes.js';
import { catalog } from '../../src/registry.js';
import { SOME_WIDGET, type WidgetName } from '../../src/i18n/common.js';

// The tables are found in the widgets' folders (import.meta.glob), which Node reads through the hook.
register('../helpers/vite-glob-hook.mjs', import.meta.url);
const { translations, widgetNames } = await import('../helpers/translations.js');

/** Names of widgets as the states' sentences take them (name.ts): singular, plural, with an elided article. */
const NAMES: WidgetName[] = [...Object.values(widgetNames), SOME_WIDGET];

/** The sentences that name a widget (CommonStrings): called with each name. */
const NAMED = ['.loading', '.empty'];

/** Every sentence a table gives: strings as they are, functions called with sample arguments. */
function sentences(table: unknown, path = ''): Array<[string, string]> {
  if (typeof table === 'string') return [[path, table]];
  if (typeof table === 'function') {
    if (path.endsWith('.error')) {
      return ERROR_KINDS.flatMap((kind) =>
        NAMES.flatMap((name) =>
          [undefined, '14:05'].flatMap((when) =>
            [false, true].map((shared): [string, string] => [
              `${path}(${kind}, ${name.en}, ${when}, ${shared})`,
              (table as (k: string, n: WidgetName, w?: string, s?: boolean) => string)(
                kind,
                name,
                when,
                shared,
              ),
            ]),
          ),
        ),
      );
    }
    if (NAMED.some((named) => path.endsWith(named)))
      return NAMES.map((name): [string, string] => [
        `${path}(${name.en})`,
        (table as (n: WidgetName) => string)(name),
      ]);
    const args = Array.from({ length: table.length }, (_, i) => (i % 2 ? '12' : 'x'));
    return [[path, String((table as (...a: unknown[]) => unknown)(...args))]];
  }
  if (table && typeof table === 'object') {
    return Object.entries(table).flatMap(([key, value]) => sentences(value, `${path}.${key}`));
  }
  return [];
}

const french = [...sentences(translations('fr'), 'fr'), ...sentences(attributeMessages.fr, 'attributes.fr')];

describe('French typography of the UI strings', () => {
  it('finds the sentences (the walk reaches the tables)', () => {
    assert.ok(french.length > 80, String(french.length));
    assert.ok(french.some(([, text]) => text.includes('\u202f:')));
  });

  it('a narrow no-break space (U+202F), and no other space, before : ; ? ! and »', () => {
    for (const [path, text] of french) {
      assert.doesNotMatch(text, /[ \u00a0\t][:;?!»]/, `${path}: ${JSON.stringify(text)}`);
      // A colon after a word (not a time such as 14:05) needs the space too.
      assert.doesNotMatch(text, /[^\s\u202f\d"]:(\s|$)/u, `${path}: ${JSON.stringify(text)}`);
      assert.doesNotMatch(text, /[^\s\u202f][;?!»]/u, `${path}: ${JSON.stringify(text)}`);
    }
  });

  it('the states name the widget, its article contracted after "de", at the start of a sentence in capitals', () => {
    const fr = translations('fr');
    const ranking = widgetNames['khountous-ranking']!;
    const stats = widgetNames['khountous-region-stats']!;
    const map = widgetNames['khountous-region-map']!;
    assert.equal(fr.loading(ranking), 'Chargement du classement des administrations…');
    assert.equal(fr.loading(stats), 'Chargement des indicateurs régionaux…');
    assert.equal(fr.loading(map), 'Chargement de la carte des régions…');
    assert.equal(
      fr.loading(widgetNames['khountous-admin-card']!),
      'Chargement de la fiche de l’administration…',
    );
    assert.equal(
      fr.error('server', ranking),
      'Le classement des administrations n’est pas disponible pour le moment.',
    );
    assert.equal(
      fr.error('network', stats),
      'Les indicateurs régionaux ne sont pas disponibles pour le moment.',
    );
    assert.equal(fr.error('quota', map, '14:05'), 'La carte des régions sera de nouveau disponible à 14:05.');
    assert.equal(
      fr.error('quota', stats, '14:05', true),
      'Service très sollicité\u202f: les indicateurs régionaux seront de nouveau disponibles à 14:05.',
    );
    assert.equal(fr.empty(stats), 'Les indicateurs régionaux n’ont aucune donnée à afficher.');
    assert.equal(
      fr.error('not-found', ranking),
      'Les données du classement des administrations sont introuvables.',
    );
    const en = translations('en');
    assert.equal(en.error('server', ranking), 'The administrations ranking is not available at the moment.');
    assert.equal(
      en.error('quota', stats, '14:05'),
      'The regional indicators will be available again at 14:05.',
    );
    assert.equal(en.empty(stats), 'The regional indicators have no data to show.');
  });

  it('every widget has a name with its article, its title beside it (about.ts takes both from name.ts)', () => {
    assert.deepEqual(Object.keys(widgetNames).sort(), catalog.map(({ widget }) => widget.tag).sort());
    for (const { widget, about } of catalog) {
      assert.equal(about.name, widgetNames[widget.tag], widget.tag);
      assert.match(about.name!.fr, about.name!.plural ? /^les [a-zé]/ : /^(le |la |l’)[a-zé]/, widget.tag);
      assert.match(about.name!.en, /^the [a-z]/, widget.tag);
    }
  });

  it('a narrow no-break space, and no other space, after «', () => {
    for (const [path, text] of french) assert.doesNotMatch(text, /«[^\u202f]/, `${path}: ${text}`);
  });
});
