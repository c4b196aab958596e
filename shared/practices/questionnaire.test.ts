import { describe, expect, it } from 'vitest';
import { PRACTICE_DEFINITION_LIST } from './registry';
import { ALTRI_RAMI_QUESTIONNAIRE, FIDEIUSSIONI_QUESTIONNAIRE, QUESTIONNAIRE_MSG, questionnaireRows, questionnaireSchemaOf, RCA_QUESTIONNAIRE } from './questionnaire';
import { RCA_COVER_LIST } from './quotation';

const RCA = RCA_QUESTIONNAIRE(RCA_COVER_LIST);

describe('the demands-and-needs questionnaire of each insurance sector (issue 26 point 5)', () => {
  it('every insurance sector declares its own questions, and its example answers them all', () => {
    const insurance = PRACTICE_DEFINITION_LIST.filter((definition) => definition.kind === 'insurance');
    expect(insurance.length).toBeGreaterThanOrEqual(3);
    for (const definition of insurance) {
      const spec = definition.insurance!.questionnaire;
      expect(spec.questions.length, definition.sector).toBeGreaterThan(2);
      expect(new Set(spec.questions.map((question) => question.key)).size, definition.sector).toBe(spec.questions.length);
      expect(questionnaireSchemaOf(spec.questions).safeParse(spec.example).success, definition.sector).toBe(true);
    }
  });

  it('a home policy is not asked about a car, nor a guarantee about claims', () => {
    const labels = (questions: readonly { label: string }[]) => questions.map((question) => question.label).join('\n');
    expect(labels(RCA.questions)).toMatch(/veicolo|chilometri|scatola nera/);
    for (const other of [ALTRI_RAMI_QUESTIONNAIRE, FIDEIUSSIONI_QUESTIONNAIRE]) expect(labels(other.questions)).not.toMatch(/veicolo|chilometri|scatola nera|RC Auto/);
    expect(labels(ALTRI_RAMI_QUESTIONNAIRE.questions)).toContain('Che cosa vuole proteggere il cliente?');
    expect(labels(FIDEIUSSIONI_QUESTIONNAIRE.questions)).toContain('A che cosa serve la garanzia?');
  });

  it('checks the answers against the sector: another sector’s answers are refused on its own questions, unknown keys dropped', () => {
    const schema = questionnaireSchemaOf(ALTRI_RAMI_QUESTIONNAIRE.questions);
    const wrong = schema.safeParse(RCA.example);
    expect(wrong.success).toBe(false);
    const fields = Object.fromEntries(wrong.error!.issues.map((issue) => [String(issue.path[0]), issue.message]));
    expect(fields).toMatchObject({ protect: QUESTIONNAIRE_MSG.answerRequired, breadth: QUESTIONNAIRE_MSG.answerRequired });
    const parsed = schema.parse({ ...ALTRI_RAMI_QUESTIONNAIRE.example, drivers: 'family' });
    expect(parsed).not.toHaveProperty('drivers');
    expect(schema.safeParse({ ...ALTRI_RAMI_QUESTIONNAIRE.example, protect: 'spaceship' }).success).toBe(false);
    // Declining needs no answer.
    expect(schema.parse({ declined: true })).toMatchObject({ declined: true });
  });

  it('asks a multiple choice only after its answer, and then wants one option at least', () => {
    const schema = questionnaireSchemaOf(RCA.questions);
    expect(schema.safeParse({ ...RCA.example, need: 'mandatoryOnly', wantedCovers: [] }).success).toBe(true);
    const missing = schema.safeParse({ ...RCA.example, need: 'withCovers', wantedCovers: [] });
    expect(missing.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([['wantedCovers', 'Indica almeno una garanzia accessoria.']]);
  });

  it('prints the questions with the answers’ labels, "Sì: …" with the details, and leaves out a question not asked', () => {
    const rows = questionnaireRows(FIDEIUSSIONI_QUESTIONNAIRE.questions, FIDEIUSSIONI_QUESTIONNAIRE.example);
    expect(rows).toContainEqual(['A che cosa serve la garanzia?', 'Partecipare a una gara o eseguire un contratto pubblico']);
    expect(rows).toContainEqual(['Il beneficiario chiede un testo o uno schema di garanzia prestabilito?', 'Sì: Schema tipo 1.1 del D.M. 193/2022']);
    expect(rows).toContainEqual(['Ha altre garanzie in corso verso lo stesso beneficiario?', 'No']);
    const rca = questionnaireRows(RCA.questions, { ...RCA.example, need: 'mandatoryOnly', wantedCovers: [] });
    expect(rca.map(([question]) => question)).not.toContain('Garanzie accessorie desiderate');
    expect(questionnaireRows(RCA.questions, { declined: true, notes: '' })).toEqual([]);
  });
});
