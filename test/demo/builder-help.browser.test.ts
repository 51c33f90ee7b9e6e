// Engines: all three (the demo's pages as a reader opens them, whose rendering and storage differ between engines).
/**
 * The embed builder as `npm start` serves it, in each engine: on its French
 * page the help of the widget and of every attribute field is the French text
 * of demo/builder-help.ts, its `code` spans shown as <code> elements and no
 * backtick left; the language switch puts the page, the help and the widget
 * in English (the manifest's descriptions), likewise; and back.
 */
import { expect } from '@open-wc/testing';
import { codeValues } from '../../demo/builder-help.js';
import { about } from '../../src/components/ranking/about.js';
import { ABOUT_INPUTS } from '../../src/widget/about.js';
import { until } from '../helpers/frames.js';
import { openDemoPage, type DemoPage } from '../helpers/demo-page.js';

interface Described {
  text: string;
  html: string;
  codes: string[];
  children: string[];
  shadow: string | null;
}
interface Attribute {
  name: string;
  description?: string;
  inheritedFrom?: { name: string };
}
const manifest = (await (await fetch('/custom-elements.json')).json()) as {
  modules: { declarations?: { tagName?: string; summary?: string; attributes?: Attribute[] }[] }[];
};
const ranking = manifest.modules
  .flatMap((module) => module.declarations ?? [])
  .find((declaration) => declaration.tagName === 'khountous-ranking')!;
/** The attributes the builder shows a field for (base-url and lazy are page-wide). */
const shown = ranking.attributes!.filter((attribute) => !['base-url', 'lazy'].includes(attribute.name));
const plain = (text: string) => text.replace(/`/g, '');
const french = (attribute: Attribute) =>
  attribute.inheritedFrom
    ? ABOUT_INPUTS[attribute.name]!.fr
    : (about.inputs[attribute.name] ?? ABOUT_INPUTS[attribute.name]!).fr;

describe('the embed builder help', function () {
  this.timeout(60000);
  let page: DemoPage;
  before(async () => {
    page = await openDemoPage('/builder.html?widget=ranking');
    await page.settled();
  });
  after(() => page.close());

  const hints = () => page.ask<Described[]>({ describe: '#fields .field small' });

  async function expectHelp(lang: 'fr' | 'en') {
    const expected = shown.map((attribute) => (lang === 'fr' ? french(attribute) : attribute.description!));
    const described = await until(async () => {
      const now = await hints();
      return now.length === expected.length && now[0]!.text === plain(expected[0]!) && now;
    }, `the ${lang} help`);
    described.forEach((hint, index) => {
      const text = expected[index]!;
      expect(hint.text, shown[index]!.name).to.equal(plain(text));
      expect(hint.text).not.to.include('`');
      expect(hint.codes, `${shown[index]!.name}: its code spans`).to.deep.equal(codeValues(text));
      expect(hint.children.every((name) => name === 'code')).to.equal(true);
    });
    // The texts name values as code: at least the region example and the theme values.
    expect(described.flatMap((hint) => hint.codes)).to.include.members(['kolda', 'light', 'dark', 'auto']);
    const [summary] = await page.ask<Described[]>({ describe: '#summary' });
    const summaryText = lang === 'fr' ? about.summary.fr : ranking.summary!;
    expect(summary!.text).to.equal(summaryText);
    expect(await page.ask<string>({ attribute: ['html', 'lang'] })).to.equal(lang);
  }

  it('a French page shows French help, its code as <code>, no backtick', async () => {
    await expectHelp('fr');
    const [lead] = await page.ask<Described[]>({ describe: '.lead' });
    expect(lead!.text).to.match(/^Choisissez un widget/);
    expect(await page.ask<string>({ attribute: ['[data-lang="fr"]', 'aria-pressed'] })).to.equal('true');
  });

  it('the language switch puts the page and its help in English, likewise', async () => {
    await page.ask({ click: '[data-lang="en"]' });
    await expectHelp('en');
    const [lead] = await page.ask<Described[]>({ describe: '.lead' });
    expect(lead!.text).to.match(/^Pick a widget/);
    const [hostHint] = await page.ask<Described[]>({ describe: '[data-i18n="hostHint"]' });
    expect(hostHint!.codes).to.deep.equal(['dist/']);
    expect(await page.ask<string>({ attribute: ['[data-lang="en"]', 'aria-pressed'] })).to.equal('true');
    // The preview's widget follows the page: its caption is English (once in view: it loads lazily).
    await page.ask({ show: '#preview' });
    let preview: Described | undefined;
    await until(
      async () => {
        [preview] = await page.ask<Described[]>({ describe: '#preview > khountous-ranking' });
        return preview?.shadow?.includes('Ranking of administrations');
      },
      () => `the preview in English: ${JSON.stringify(preview).slice(0, 300)}`,
      15000,
    );
  });

  it('and back to French, the fields keep their values', async () => {
    await page.ask({ select: '#attr-region', value: 'kolda' });
    await page.ask({ click: '[data-lang="fr"]' });
    await expectHelp('fr');
    expect(await page.ask<string>({ attribute: ['#preview > khountous-ranking', 'region'] })).to.equal(
      'kolda',
    );
  });
});
