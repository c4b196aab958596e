import Ajv2020 from 'ajv/dist/2020';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_INSURED_CENTS } from '../practices/quotation';
import { addDaysIso } from '../practices/rca-settings';
import { dateBoundsOf, type TAnswers } from './answer-values';
import { answersSchemaOf, isRequiredFor, visibleQuestions } from './answers';
import { answersArb, questionnaireArb, valueArb } from './arbitraries';
import { EXAMPLE_QUESTIONNAIRE } from './example-questionnaire';
import { exampleOf, jsonSchemaOf } from './json-schema';
import { ANSWER_MSG as MSG } from './messages';
import { QUESTIONNAIRE_LIMITS, ZQuestionnaire, defaultMaxLength, maxPercentCents, questionsOf, type TQuestion, type TQuestionnaire } from './questionnaire';

// Issue 29, "the questionnaire is the schema", checked with property-based tests (fast-check): answers generated
// from a questionnaire (respecting its conditions) are always accepted, as they are; each mutation of them (a
// required answer dropped, a wrong type, a value out of limits, an answer to a hidden question, the percentage cap
// broken, an unknown key) is always refused with a message on the question's key. Over the example questionnaire
// and over arbitrary questionnaires of the model, whose example is always accepted and whose JSON Schema is a JSON
// object that accepts the same answers.

const TODAY = '2026-11-27';
const RUNS = { numRuns: 150 };

const parseQuestionnaire = (input: unknown): TQuestionnaire => {
  const result = ZQuestionnaire.safeParse(input);
  if (!result.success) throw new Error(`questionnaire refused: ${JSON.stringify(result.error.issues)}`);
  return result.data;
};
const issuesOf = (questionnaire: TQuestionnaire, answers: unknown) => {
  const result = answersSchemaOf(questionnaire, { today: TODAY }).safeParse(answers);
  return result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path, message: issue.message }));
};

/** The example questionnaire or an arbitrary one (as often). */
const subjectArb = fc.oneof(fc.constant(EXAMPLE_QUESTIONNAIRE), questionnaireArb.map(parseQuestionnaire));
/** A questionnaire, valid answers to it, and a number to pick what to mutate. */
const caseArb = subjectArb.chain((questionnaire) => fc.tuple(fc.constant(questionnaire), answersArb(questionnaire, TODAY), fc.nat()));

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });

const pick = <T,>(items: readonly T[], seed: number): T | undefined => (items.length === 0 ? undefined : items[seed % items.length]);
const shownAnswered = (questionnaire: TQuestionnaire, answers: TAnswers) => visibleQuestions(questionnaire, answers).filter((question) => Object.hasOwn(answers, question.key));

describe('answers generated from a questionnaire (property-based)', () => {
  it('arbitrary questionnaires of the model are accepted by the model', () => {
    fc.assert(fc.property(questionnaireArb, (input) => void parseQuestionnaire(input)), RUNS);
  });

  it('valid answers to the example questionnaire are always accepted, and stored as they are', () => {
    fc.assert(
      fc.property(answersArb(EXAMPLE_QUESTIONNAIRE, TODAY), (answers) => {
        expect(issuesOf(EXAMPLE_QUESTIONNAIRE, answers)).toEqual([]);
        expect(answersSchemaOf(EXAMPLE_QUESTIONNAIRE, { today: TODAY }).parse(answers)).toEqual(answers);
      }),
      { numRuns: 300 },
    );
  });

  it('valid answers to arbitrary questionnaires are always accepted, stored as they are, and valid for the JSON Schema', () => {
    fc.assert(
      fc.property(caseArb, ([questionnaire, answers]) => {
        expect(issuesOf(questionnaire, answers)).toEqual([]);
        expect(answersSchemaOf(questionnaire, { today: TODAY }).parse(answers)).toEqual(answers);
        const validate = ajv.compile(jsonSchemaOf(questionnaire));
        expect(validate(answers), JSON.stringify(validate.errors)).toBe(true);
      }),
      RUNS,
    );
  });

  it('the example of any questionnaire is accepted, and its JSON Schema is a JSON object that accepts it', () => {
    fc.assert(
      fc.property(subjectArb, (questionnaire) => {
        const example = exampleOf(questionnaire, { today: TODAY });
        expect(issuesOf(questionnaire, example)).toEqual([]);
        const schema = jsonSchemaOf(questionnaire);
        expect(JSON.parse(JSON.stringify(schema))).toEqual(schema);
        expect(schema).toMatchObject({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', additionalProperties: false });
        expect(Object.keys(schema.properties as object)).toEqual(questionsOf(questionnaire).map((question) => question.key));
        const validate = ajv.compile(schema);
        expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
      }),
      RUNS,
    );
  });
});

describe('mutated answers are always refused, with the message on the question (property-based)', () => {
  it('a required answer of a question shown, dropped', () => {
    fc.assert(
      fc.property(caseArb, ([questionnaire, answers, seed]) => {
        const required = shownAnswered(questionnaire, answers).filter((question) => isRequiredFor(question, answers));
        const question = pick(required, seed);
        fc.pre(question !== undefined);
        const { [question!.key]: _dropped, ...rest } = answers;
        expect(issuesOf(questionnaire, rest)).toContainEqual({ path: [question!.key], message: MSG.required });
      }),
      RUNS,
    );
  });

  it('an answer of the wrong type (only that question is reported, not those depending on it)', () => {
    const wrongValue = (question: TQuestion): unknown => {
      if (question.type === 'number' || question.type === 'money' || question.type === 'percent') return 'dodici';
      if (question.type === 'yesNo') return 'sì';
      if (question.type === 'severalOf') return question.options[0]!.value;
      if (question.type === 'comune') return 'Milano';
      return 12345;
    };
    fc.assert(
      fc.property(caseArb, ([questionnaire, answers, seed]) => {
        const question = pick(shownAnswered(questionnaire, answers), seed);
        fc.pre(question !== undefined);
        const issues = issuesOf(questionnaire, { ...answers, [question!.key]: wrongValue(question!) });
        expect(issues.length).toBeGreaterThan(0);
        for (const issue of issues) expect(issue.path[0]).toBe(question!.key);
      }),
      RUNS,
    );
  });

  it('a value out of its question’s limits', () => {
    const outOfLimits = (question: TQuestion): unknown => {
      switch (question.type) {
        case 'text':
        case 'longText':
          return 'x'.repeat(defaultMaxLength(question) + 1);
        case 'number':
          return (question.max ?? QUESTIONNAIRE_LIMITS.numberBound) + 1;
        case 'money':
          return (question.max ?? MAX_INSURED_CENTS) + 1;
        case 'percent':
          return Math.round(((question.max ?? 100) + 0.01) * 100) / 100;
        case 'date': {
          const { min, max } = dateBoundsOf(question, TODAY);
          return max ? addDaysIso(max, 1) : min ? addDaysIso(min, -1) : undefined;
        }
        case 'severalOf':
          return question.maxSelected !== undefined && question.maxSelected < question.options.length ? question.options.map((option) => option.value) : undefined;
        default:
          return undefined;
      }
    };
    fc.assert(
      fc.property(caseArb, ([questionnaire, answers, seed]) => {
        const question = pick(shownAnswered(questionnaire, answers).filter((item) => outOfLimits(item) !== undefined), seed);
        fc.pre(question !== undefined);
        const issues = issuesOf(questionnaire, { ...answers, [question!.key]: outOfLimits(question!) });
        expect(issues.length).toBeGreaterThan(0);
        for (const issue of issues) expect(issue.path[0]).toBe(question!.key);
      }),
      RUNS,
    );
  });

  it('a year after this one', () => {
    // Arbitrary questionnaires with a year question first (always asked), so every run has one to break.
    const withYear = questionnaireArb
      .map((input) => parseQuestionnaire({ sections: [{ key: 'year', title: 'Anno', questions: [{ key: 'builtIn', type: 'number', label: 'Anno', required: true, integer: true, notAfterThisYear: true }] }, ...input.sections] }))
      .chain((questionnaire) => fc.tuple(fc.constant(questionnaire), answersArb(questionnaire, TODAY), fc.nat()));
    fc.assert(
      fc.property(withYear, fc.integer({ min: 1, max: 1000 }), ([questionnaire, answers, seed], excess) => {
        const years = shownAnswered(questionnaire, answers).filter((question) => question.type === 'number' && question.notAfterThisYear && (question.max ?? Infinity) >= 2026 + excess);
        const question = pick(years, seed);
        fc.pre(question !== undefined);
        const issues = issuesOf(questionnaire, { ...answers, [question!.key]: 2026 + excess });
        expect(issues).toContainEqual({ path: [question!.key], message: MSG.yearInFuture });
        for (const issue of issues) expect(issue.path[0]).toBe(question!.key);
      }),
      RUNS,
    );
  });

  it('an answer to a question that is not shown', () => {
    const withValues = caseArb.chain(([questionnaire, answers, seed]) =>
      fc.tuple(fc.constant(questionnaire), fc.constant(answers), fc.constant(seed), fc.tuple(...questionsOf(questionnaire).map((question) => valueArb(question, TODAY)))),
    );
    fc.assert(
      fc.property(withValues, ([questionnaire, answers, seed, values]) => {
        const visible = new Set(visibleQuestions(questionnaire, answers).map((question) => question.key));
        const questions = questionsOf(questionnaire);
        const hidden = questions.map((question, index) => ({ question, value: values[index] })).filter(({ question }) => !visible.has(question.key));
        const chosen = pick(hidden, seed);
        fc.pre(chosen !== undefined);
        expect(issuesOf(questionnaire, { ...answers, [chosen!.question.key]: chosen!.value })).toEqual([{ path: [chosen!.question.key], message: MSG.notAsked }]);
      }),
      RUNS,
    );
  });

  it('an amount above its percentage of another (the 4% cap on provisional tender bonds)', () => {
    fc.assert(
      fc.property(caseArb, ([questionnaire, answers, seed]) => {
        const capped = shownAnswered(questionnaire, answers).filter(
          (question) =>
            question.type === 'money' &&
            question.maxPercentOf !== undefined &&
            typeof answers[question.maxPercentOf.question] === 'number' &&
            maxPercentCents(answers[question.maxPercentOf.question] as number, question.maxPercentOf.percent) < (question.max ?? MAX_INSURED_CENTS),
        );
        const question = pick(capped, seed);
        fc.pre(question !== undefined && question.type === 'money');
        if (question?.type !== 'money' || !question.maxPercentOf) return;
        const { question: baseKey, percent } = question.maxPercentOf;
        const cap = maxPercentCents(answers[baseKey] as number, percent);
        const baseLabel = questionsOf(questionnaire).find((item) => item.key === baseKey)!.label;
        expect(issuesOf(questionnaire, { ...answers, [question.key]: cap + 1 })).toEqual([{ path: [question.key], message: MSG.percentOf(percent, baseLabel, cap) }]);
      }),
      RUNS,
    );
  });

  it('the 4% cap, on the example questionnaire’s provisional bonds', () => {
    const provisional = answersArb(EXAMPLE_QUESTIONNAIRE, TODAY).filter((answers) => answers.bondKind === 'tenderProvisional');
    fc.assert(
      fc.property(provisional, fc.integer({ min: 1, max: 1_000_000 }), (answers, excess) => {
        const cap = maxPercentCents(answers.contractValueCents as number, 4);
        expect(cap).toBe(Math.floor(((answers.contractValueCents as number) * 4) / 100));
        const issues = issuesOf(EXAMPLE_QUESTIONNAIRE, { ...answers, provisionalAmountCents: cap + excess });
        expect(issues).toEqual([{ path: ['provisionalAmountCents'], message: MSG.percentOf(4, 'Valore complessivo della procedura (o del contratto)', cap) }]);
      }),
      { numRuns: 100 },
    );
  });

  it('a key that names no question', () => {
    fc.assert(
      fc.property(caseArb, fc.string({ minLength: 1, maxLength: 30 }), fc.jsonValue(), ([questionnaire, answers], key, value) => {
        fc.pre(!questionsOf(questionnaire).some((question) => question.key === key));
        expect(issuesOf(questionnaire, { ...answers, [key]: value })).toEqual([{ path: [key], message: MSG.unknownQuestion(key) }]);
      }),
      RUNS,
    );
  });
});

describe('every message is Italian, whatever is sent (property-based)', () => {
  const ENGLISH = /invalid input|expected|too (big|small)|unrecognized|required$/i;
  /** The example questionnaire with one value somewhere replaced by any JSON value. */
  const damaged = fc.tuple(fc.nat(), fc.jsonValue()).map(([seed, junk]) => {
    const copy = JSON.parse(JSON.stringify(EXAMPLE_QUESTIONNAIRE)) as Record<string, unknown>;
    const slots: [Record<string, unknown> | unknown[], string | number][] = [];
    const walk = (node: unknown) => {
      if (Array.isArray(node)) node.forEach((item, index) => (slots.push([node, index]), walk(item)));
      else if (typeof node === 'object' && node !== null) for (const [key, item] of Object.entries(node)) (slots.push([node as Record<string, unknown>, key]), walk(item));
    };
    walk(copy);
    const [parent, key] = slots[seed % slots.length]!;
    (parent as Record<string | number, unknown>)[key] = junk;
    return copy;
  });

  it('on a damaged questionnaire', () => {
    fc.assert(
      fc.property(damaged, (input) => {
        const result = ZQuestionnaire.safeParse(input);
        for (const issue of result.success ? [] : result.error.issues) expect(issue.message).not.toMatch(ENGLISH);
      }),
      { numRuns: 300 },
    );
  });

  it('on answers of any shape', () => {
    const keys = questionsOf(EXAMPLE_QUESTIONNAIRE).map((question) => question.key);
    const junkAnswers = fc.dictionary(fc.oneof(fc.constantFrom(...keys), fc.string()), fc.jsonValue(), { maxKeys: 12 });
    fc.assert(
      fc.property(answersArb(EXAMPLE_QUESTIONNAIRE, TODAY), junkAnswers, (answers, junk) => {
        for (const issue of issuesOf(EXAMPLE_QUESTIONNAIRE, { ...answers, ...junk })) expect(issue.message).not.toMatch(ENGLISH);
      }),
      { numRuns: 300 },
    );
  });
});
