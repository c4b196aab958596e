import type { InjectOptions } from 'fastify';
import type { TAnySectorDefinition, TTransitionDefinition } from '../../shared/practices/definition';
import { PRECONTRACT_DOC_TYPES } from '../../shared/schemas/precontract';
import { SECTORS } from '../../shared/sectors';

/**
 * The demo of a sector made from its definition alone (issue 25): a sector without its own story in
 * demo-practices.ts still shows a practice in every state its transitions reach, made through the public REST API
 * from the definition's examples (its data, its quotation, each transition's payload), by the demo corner and the
 * demo broker of the sector, with the documents its settings require. A sector whose data must be unique while open
 * (a POD, a PDR) cannot repeat its example, so it needs its own story: asking for it here is an error.
 */

type TSession = { cookie: string };
export type TDemoCall = <T = { id: string }>(session: TSession, method: InjectOptions['method'], url: string, payload?: unknown, contentType?: string) => Promise<T>;
export type TDemoUpload = (session: TSession, practice: string, docType: string, name: string, lines: string[], sector: TAnySectorDefinition['sector']) => Promise<void>;

/** The transitions leading from the initial state to each state (breadth first: the shortest way to each). */
export const pathsToStates = (definition: TAnySectorDefinition): Map<string, TTransitionDefinition[]> => {
  const paths = new Map<string, TTransitionDefinition[]>([[definition.initial, []]]);
  const queue = [definition.initial as string];
  while (queue.length > 0) {
    const state = queue.shift()!;
    if (definition.final.includes(state)) continue;
    for (const transition of definition.transitions) {
      if (!transition.from.includes(state) || paths.has(transition.to)) continue;
      paths.set(transition.to, [...paths.get(state)!, transition]);
      queue.push(transition.to);
    }
  }
  return paths;
};

const exampleOf = (transition: TTransitionDefinition): Record<string, unknown> => {
  const example = typeof transition.example === 'function' ? (transition.example as () => unknown)() : transition.example;
  return { ...((example ?? {}) as Record<string, unknown>) };
};

export const loadDefinitionDemo = async (
  definition: TAnySectorDefinition,
  { call, upload, corner, broker, clientId }: { call: TDemoCall; upload: TDemoUpload; corner: TSession; broker: TSession; clientId: string },
): Promise<string[]> => {
  if ((definition.uniqueWhileOpen ?? []).length > 0) throw new Error(`Dati dimostrativi: ${definition.sector} ha campi unici e serve una sua storia in demo-practices.ts`);
  const base = `/api/practices/${definition.sector}`;
  const made: string[] = [];
  for (const path of pathsToStates(definition).values()) {
    const { id } = await call(corner, 'POST', base, { clientId, data: definition.example });
    made.push(id);
    let taken = false;
    for (const transition of path) {
      const actor = transition.roles.includes('corner') ? corner : broker;
      const payload = exampleOf(transition);
      if (transition.requires.includes('takenByActor') && !taken) {
        await call(broker, 'POST', `${base}/${id}/take`);
        taken = true;
      }
      if (transition.requires.includes('requiredDocuments')) {
        const { requiredDocs } = await call<{ requiredDocs: { docType: string; label: string; required: boolean }[] }>(corner, 'GET', `${base}/${id}`);
        for (const doc of requiredDocs.filter((entry) => entry.required)) {
          await upload(corner, id, doc.docType, `${doc.label}.pdf`, [doc.label, `${SECTORS[definition.sector].label}: pratica dimostrativa`], definition.sector);
        }
      }
      if (transition.requires.includes('chosenQuotation') && definition.quotation) {
        const quotation = await call(broker, 'POST', `${base}/${id}/quotations`, definition.quotation.example());
        taken = true;
        await call(corner, 'POST', `${base}/${id}/quotations/${quotation.id}/choose`);
        payload.quotationId = quotation.id;
      }
      if (transition.requires.includes('policyDocuments')) {
        for (const doc of definition.insurance?.policyDocs ?? []) {
          await upload(broker, id, doc.docType, `${doc.label}.pdf`, [doc.label, `${SECTORS[definition.sector].label}: pratica dimostrativa`], definition.sector);
        }
      }
      if (transition.requires.includes('precontractSigned') && definition.insurance) {
        await call(corner, 'PUT', `${base}/${id}/precontract/questionnaire`, definition.insurance.questionnaire.example);
        await upload(corner, id, PRECONTRACT_DOC_TYPES.paper, 'Modulo precontrattuale firmato.pdf', ['Modulo unico precontrattuale e questionario', 'Firmato dal contraente'], definition.sector);
        await call(corner, 'POST', `${base}/${id}/precontract/paper`);
      }
      await call(actor, 'POST', `${base}/${id}/transition`, { to: transition.to, ...payload });
    }
  }
  return made;
};
