/**
 * The elements' attribute checks (src/attributes/owner.ts), in Node: what an
 * input gives, the console note or warning it prints once per element, and the
 * AttributeError of a value the widget cannot use, whose message becomes the
 * editor's sentence once the sentences (messages.ts, imported on first need)
 * are here. The first test runs before anything brings the sentences.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import {
  AttributeError,
  inputValue,
  clampInteger,
  explain,
  loadMessages,
  problemIn,
  warnConfiguration,
} from '../../src/attributes/owner.js';
import { RULES, type ProblemDraft } from '../../src/attributes/rules.js';
import { isKhountousError } from '../../src/core/errors.js';

/** An element as the checks see it: its tag name. */
const element = (localName = 'khountous-ranking') => ({ localName }) as Element;

let warn: ReturnType<typeof mock.method>;
let info: ReturnType<typeof mock.method>;
const printed = (spy: typeof warn) => spy.mock.calls.map((call) => call.arguments[0]);

beforeEach(() => {
  warn = mock.method(console, 'warn', () => {});
  info = mock.method(console, 'info', () => {});
});
afterEach(() => mock.restoreAll());

describe('attribute checks of the elements', () => {
  it('before the sentences are here: the error names the attribute, the value and the reason, then gets its sentence', async () => {
    const draft: ProblemDraft = {
      attribute: 'region',
      given: 'Paris',
      reason: 'not-accepted',
      accepted: ['dakar'],
    };
    assert.equal(explain(draft), undefined, 'not here yet: on their way');
    const error = new AttributeError('khountous-ranking', {
      attribute: 'sector',
      given: 'space',
      reason: 'not-accepted',
      accepted: ['health'],
    });
    assert.equal(error.message, '<khountous-ranking>: sector="space" (not-accepted)');
    await loadMessages();
    assert.equal(
      error.message,
      '<khountous-ranking>: sector="space" is not accepted. Accepted values: health.',
    );
    assert.equal(explain(draft)?.message.en, 'region="Paris" is not accepted. Accepted values: dakar.');
    const written = { ...draft, message: { fr: 'a', en: 'b' } };
    assert.equal(explain(written), written, 'a problem with its sentences is kept as it is');
    assert.deepEqual(written.message, { fr: 'a', en: 'b' }, 'its sentences are not written again');
  });

  it('a value as it should be: given back, nothing printed', () => {
    assert.equal(inputValue(element(), 'region', 'kolda', RULES.region), 'kolda');
    assert.equal(inputValue(element(), 'limit', '5', RULES.limit), 5);
    assert.equal(inputValue(element(), 'region', null, RULES.region), undefined);
    assert.deepEqual([...printed(warn), ...printed(info)], []);
  });

  it('another spelling: read as the value, with one note per element (information, not a warning)', () => {
    const owner = element();
    for (let i = 0; i < 2; i++)
      assert.equal(inputValue(owner, 'region', 'Saint Louis', RULES.region), 'saint-louis');
    inputValue(element('khountous-region-stats'), 'region', 'Saint Louis', RULES.region);
    assert.deepEqual(printed(info), [
      '<khountous-ranking>: region="Saint Louis" read as "saint-louis".',
      '<khountous-region-stats>: region="Saint Louis" read as "saint-louis".',
    ]);
    assert.deepEqual(printed(warn), []);
  });

  it('an integer out of range: the nearest bound, with one warning per element and message', () => {
    const owner = element();
    assert.equal(clampInteger(owner, 'limit', '500', RULES.limit), 100);
    assert.equal(clampInteger(owner, 'limit', '500', RULES.limit), 100);
    assert.equal(clampInteger(owner, 'limit', '0', RULES.limit), 1);
    assert.deepEqual(printed(warn), [
      '<khountous-ranking>: limit="500" is not a whole number from 1 to 100; 100 is used.',
      '<khountous-ranking>: limit="0" is not a whole number from 1 to 100; 1 is used.',
    ]);
    assert.deepEqual(printed(info), []);
  });

  it('a value the widget cannot use: an AttributeError with its problem and sentence, and one warning', () => {
    const owner = element('khountous-admin-card');
    const attempt = () => inputValue(owner, 'slug', 'Mairie de Dakar', RULES.slug);
    assert.throws(attempt, (error) => {
      assert.ok(error instanceof AttributeError);
      assert.ok(isKhountousError(error, 'invalid-parameter'));
      assert.equal(error.param, 'slug');
      assert.equal(error.problem.reason, 'malformed');
      assert.equal(error.problem.closest, 'mairie-de-dakar');
      assert.match(error.message, /^<khountous-admin-card>: slug="Mairie de Dakar" is not valid: expected /);
      return true;
    });
    assert.throws(attempt, AttributeError);
    assert.equal(printed(warn).length, 1);
    assert.match(String(printed(warn)[0]), /^<khountous-admin-card>: slug="Mairie de Dakar" is not valid/);
  });

  it('a configuration warning: named after the element once, printed once per element and message', () => {
    const owner = element('khountous-dataset');
    warnConfiguration(owner, 'no data');
    warnConfiguration(owner, 'no data');
    warnConfiguration(owner, '<khountous-dataset>: no data');
    warnConfiguration(owner, '<khountous-dataset>: other');
    warnConfiguration(element('khountous-dataset'), 'no data');
    assert.deepEqual(printed(warn), [
      '<khountous-dataset>: no data',
      '<khountous-dataset>: other',
      '<khountous-dataset>: no data',
    ]);
  });

  it('problemIn: the problem of an AttributeError, of this copy of the kit or another; nothing else', () => {
    const problem: ProblemDraft = { attribute: 'slug', given: '', reason: 'missing' };
    assert.equal(problemIn(new AttributeError(element(), problem)), problem);
    assert.equal(problemIn({ problem }), problem, 'another copy: same shape, another class');
    for (const error of [
      null,
      undefined,
      new Error('x'),
      { problem: null },
      { problem: { attribute: 1, reason: 'missing' } },
      { problem: { attribute: 'slug', reason: 2 } },
      { problem: { attribute: 'slug' } },
    ])
      assert.equal(problemIn(error), undefined, JSON.stringify(error));
  });
});
