/**
 * scripts/generate/wordpress/requests.ts: a widget's request mapping, as the WordPress plugin
 * sends it. Each path identifier is an attribute's value; each query parameter an attribute's
 * value (its filters, a list's page and limit) or a constant of the widget's `resource()`,
 * which the plugin sends as it is (includes/data.php `khountous_widgets_request_path`, and
 * in the link to the data, includes/render.php `khountous_widgets_data_url`); anything else
 * stops the build, naming the widget.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { RULES } from '../../src/attributes/rules.js';
import { describe as describeResource, urlOf } from '../../src/core/endpoints.js';
import type { Entry } from '../../src/registry.js';
import type { About } from '../../src/widget/about.js';
import { HEADING_INPUTS, LIST_INPUTS, widget, type Widget } from '../../src/widget/descriptor.js';
import { dataLink, dataRequest } from '../../scripts/generate/wordpress/requests.js';
import { phpValue } from '../../scripts/generate/wordpress/php.js';

const ABOUT: About = {
  title: { fr: 'Essai', en: 'Test' },
  summary: { fr: 'Un widget d’essai.', en: 'A test widget.' },
  inputs: {},
  sample: {},
};

const entryOf = (descriptor: Widget): Entry => ({ widget: descriptor, about: ABOUT });

/** A paged list of the regional level's administrations, by region and sector: `level` a constant. */
const offices = widget({
  tag: 'khountous-test-offices',
  inputs: {
    ...LIST_INPUTS,
    ...HEADING_INPUTS,
    region: { rule: RULES.region, filter: true, initial: '' },
    sector: { rule: RULES.sector, filter: true, initial: '' },
  },
  resource: ({ lang, region, sector, limit, page }) => ({
    kind: 'administrations',
    query: { lang, region, sector, level: 'regional', limit, page },
  }),
});

/** The first page of the resolved reports, five of them: no list inputs, `status`, `page` and `limit` constants. */
const resolved = widget({
  tag: 'khountous-test-resolved',
  inputs: { ...HEADING_INPUTS, region: { rule: RULES.region, initial: '' } },
  resource: ({ lang, region }) => ({
    kind: 'reports',
    query: { lang, region, status: 'resolved', page: 1, limit: 5 },
  }),
});

const PHP = spawnSync('php', ['-v']).status === 0;

/**
 * The plugin's request path and data link for `descriptor` with `attributes`, through its PHP
 * (includes/data.php, render.php), from what the build writes for it.
 */
function phpRequest(descriptor: Widget, attributes: Record<string, string>, lang: string) {
  const entry = entryOf(descriptor);
  const definition = phpValue({ link: dataLink(entry), request: dataRequest(entry) }, '');
  const script = `define( 'ABSPATH', '/' );
define( 'DAY_IN_SECONDS', 86400 );
function khountous_widgets_settings() { return array( 'api_base_url' => 'https://api.example.org/v1' ); }
require 'wordpress/khountous-widgets/includes/data.php';
require 'wordpress/khountous-widgets/includes/render.php';
$definition = ${definition};
$attributes = json_decode( stream_get_contents( STDIN ), true );
echo json_encode( array(
  'path' => khountous_widgets_request_path( $definition, $attributes, '${lang}' ),
  'link' => khountous_widgets_data_url( $definition, $attributes ),
) );`;
  const result = spawnSync('php', ['-r', script], { input: JSON.stringify(attributes), encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  return JSON.parse(result.stdout) as { path: string; link: string };
}

/** The kit's request for `resource`, below the base URL. */
const kitPath = (resource: Parameters<typeof describeResource>[0]) =>
  urlOf(describeResource(resource, 'https://api.example.org/v1')).slice('https://api.example.org/v1'.length);

describe("scripts/generate/wordpress/requests.ts: a widget's request, from its resource()", () => {
  it('a paged, filtered list: its filters, page and limit from their attributes, its constant sent as it is', () => {
    const entry = entryOf(offices);
    assert.deepEqual(dataLink(entry), {
      path: '/administrations',
      query: { lang: 'lang', region: 'region', sector: 'sector', page: 'page', limit: 'limit' },
      fixed: { level: 'regional' },
    });
    const request = dataRequest(entry);
    assert.deepEqual(request.query, {
      lang: { attribute: 'lang', default: 'fr' },
      region: { attribute: 'region' },
      sector: { attribute: 'sector' },
      page: { attribute: 'page', default: '1' },
      limit: { attribute: 'limit', default: '10' },
      level: { default: 'regional' },
    });
    assert.equal(request.answer, 'administrations');
  });

  it('constants of a list that has no list inputs (`page: 1`, a limit, a status): each a parameter with its value and no attribute', () => {
    const entry = entryOf(resolved);
    assert.deepEqual(dataLink(entry), {
      path: '/khountous',
      query: { lang: 'lang', region: 'region' },
      fixed: { status: 'resolved', page: '1', limit: '5' },
    });
    assert.deepEqual(dataRequest(entry).query, {
      lang: { attribute: 'lang', default: 'fr' },
      region: { attribute: 'region' },
      status: { default: 'resolved' },
      page: { default: '1' },
      limit: { default: '5' },
    });
  });

  it("a constant that is an attribute's sample value is a constant still, not that attribute's", () => {
    // `level` is an input the request does not read; its constant is the first level, as the input's first sample is.
    const national = widget({
      tag: 'khountous-test-national',
      inputs: { ...LIST_INPUTS, level: { rule: RULES.level, initial: '' } },
      resource: ({ lang, limit, page }) => ({
        kind: 'administrations',
        query: { lang, level: 'national', limit, page },
      }),
    });
    const link = dataLink(entryOf(national));
    assert.deepEqual(link.fixed, { level: 'national' });
    assert.equal(link.query['level'], undefined);
  });

  it("an endpoint's default sent as a constant is left out of the link, and sent by the server", () => {
    const dataset = widget({
      tag: 'khountous-test-dataset',
      inputs: { 'dataset-id': { rule: RULES.datasetId, identifies: true, initial: '' } },
      resource: ({ datasetId }) => ({ kind: 'dataset', id: datasetId }),
    });
    assert.deepEqual(dataLink(entryOf(dataset)), { path: '/datasets/{dataset-id}', query: {} });
    assert.deepEqual(dataRequest(entryOf(dataset)).query, { format: { default: 'json' } });
  });

  it('stops the build on a path identifier that no attribute sets, naming the widget', () => {
    const fixed = widget({
      tag: 'khountous-test-fixed-slug',
      inputs: { ...HEADING_INPUTS },
      resource: ({ lang }) => ({ kind: 'administration', slug: 'mairie-de-dakar', lang }),
    });
    assert.throws(
      () => dataLink(entryOf(fixed)),
      /^Error: khountous-test-fixed-slug: the path's slug comes from no attribute \(mairie-de-dakar, then mairie-de-dakar\): a path identifier is an attribute's value, never a constant$/,
    );
  });

  it("stops the build on a parameter that changes with the attributes but is no attribute's value", () => {
    const doubled = widget({
      tag: 'khountous-test-doubled',
      inputs: { ...LIST_INPUTS },
      resource: ({ lang, limit, page }) => ({
        kind: 'verifications',
        query: { lang, limit: limit * 2, page },
      }),
    });
    assert.throws(
      () => dataLink(entryOf(doubled)),
      /^Error: khountous-test-doubled: the request's limit \(2, then 4\) changes with the attributes but is no attribute's value/,
    );
  });

  it('stops the build on a language that is not the lang attribute: the plugin sends the widget’s', () => {
    const english = widget({
      tag: 'khountous-test-english',
      inputs: {},
      resource: () => ({ kind: 'regions', lang: 'en' }),
    });
    assert.throws(
      () => dataRequest(entryOf(english)),
      /^Error: khountous-test-english: its request's lang is not its lang attribute's/,
    );
  });

  it("the plugin's PHP sends the constants and the filters as the kit does, in the request and in the link", (t) => {
    if (!PHP) return t.skip('no php');
    const given = { region: 'tambacounda', sector: 'health', page: '2', limit: '5' };
    const { path, link } = phpRequest(offices, given, 'en');
    const kit = kitPath({
      kind: 'administrations',
      query: { lang: 'en', region: 'tambacounda', sector: 'health', level: 'regional', page: 2, limit: 5 },
    });
    assert.equal(path, kit);
    assert.equal(
      path,
      '/administrations?lang=en&level=regional&limit=5&page=2&region=tambacounda&sector=health',
    );
    const url = new URL(link);
    assert.equal(url.pathname, '/v1/administrations');
    assert.deepEqual([...url.searchParams].sort(), [
      ['level', 'regional'],
      ['limit', '5'],
      ['page', '2'],
      ['region', 'tambacounda'],
      ['sector', 'health'],
    ]);
    // No attribute set: the defaults and the constant.
    assert.equal(
      phpRequest(offices, {}, 'fr').path,
      '/administrations?lang=fr&level=regional&limit=10&page=1',
    );
    // Constants only: what the plugin sends whatever the attributes.
    const constants = phpRequest(resolved, { region: 'kolda' }, 'fr');
    assert.equal(
      constants.path,
      kitPath({
        kind: 'reports',
        query: { lang: 'fr', region: 'kolda', status: 'resolved', page: 1, limit: 5 },
      }),
    );
    assert.deepEqual([...new URL(constants.link).searchParams].sort(), [
      ['limit', '5'],
      ['page', '1'],
      ['region', 'kolda'],
      ['status', 'resolved'],
    ]);
  });
});
