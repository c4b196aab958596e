import type { z } from 'zod';
import type { TRole } from '../constants';
import type { SECTORS, TSectorSlug } from '../sectors';
import type { TQuestionnaireSpec } from './questionnaire';
import type { TInsuranceRules } from './rca-settings';
import type { TOfferFitSubject } from './utility-offers';

/**
 * A sector is a definition on the one practice engine (issue 15, design "Practices"): the engine's service,
 * repository, routers, pages, settings, money and notifications are generic over it. Adding a sector means its
 * entry in SECTORS (shared/sectors.ts: labels, route, kind, states, settings keys), one of these (listed in
 * shared/practices/registry.ts, typed complete over the slugs) and its client module; nothing else.
 */

/** The typed settings blocks of a sector: a schema and a default (valid on a fresh install) for each of its keys. */
export type TSectorSettingsDefinition<TSchemas extends Record<string, z.ZodType> = Record<string, z.ZodType>> = {
  schemas: TSchemas;
  defaults: { [K in keyof TSchemas]: z.output<TSchemas[K]> };
};

/**
 * The money rules of an insurance sector: how its settings values (read and checked, defaults when missing) give the
 * rules of its quotations, payment requests, documents and commission; and the setting, if any, that asks for the
 * signed pre-contract pack before a request for issue.
 */
export type TInsuranceSectorRules<TSchemas extends Record<string, z.ZodType> = Record<string, z.ZodType>> = {
  rules: (values: { [K in keyof TSchemas]: z.output<TSchemas[K]> }) => TInsuranceRules;
  /**
   * The yes/no setting that lets the admin waive the pre-contract pack (`rcaPrecontrattuale`, on by default). Without
   * one the pack is always asked for: it is a duty of every distributor (Reg. IVASS 40/2018 arts. 56-58).
   */
  precontractSetting?: keyof TSchemas & string;
  /** The sector's demands-and-needs questions (art. 58): what the client needs covered, in the sector's terms. */
  questionnaire: TQuestionnaireSpec;
  /**
   * The documents of the issued policy the broker files before issuing (`policyDocuments`), which the corner then
   * finds on the practice: the policy, and for RC Auto the certificate of insurance.
   */
  policyDocs: readonly { docType: string; label: string }[];
  /**
   * How the pre-contract pack names what the client asked for, in Italian ("la polizza RC Auto", "la fideiussione
   * (locazione)"): the e-mail to the client and the pack say it, never another sector's product.
   */
  product: (data: any) => string;
  /** The label of the practice's title in the pack's summary of the offer ("Veicolo", "Rischio assicurato"). */
  subjectLabel: string;
};

/** What a transition needs besides the role and the state, checked by the engine inside its transaction. */
export type TTransitionRequirement =
  /** The corner's signed contract (spec section 1; the contract service's requireSignedContract). */
  | 'signedContract'
  /** A quotation of the practice chosen by the corner and still valid (insurance sectors). */
  | 'chosenQuotation'
  /** The broker who took the practice, or an admin (others answer FORBIDDEN). */
  | 'takenByActor'
  /**
   * The pre-contract pack (IVASS single pre-contract form and demands-and-needs questionnaire) signed by the client,
   * when the sector's setting asks for it (`rcaPrecontrattuale`); the precontract part registers the check.
   */
  | 'precontractSigned'
  /** Every document the sector's settings mark as required (`rcaDocs`...) uploaded on the practice; checked by the documents part. */
  | 'requiredDocuments'
  /** The issued policy's documents of the sector (`insurance.policyDocs`) uploaded on the practice; checked by the documents part. */
  | 'policyDocuments';

/**
 * What a transition does besides moving the state and writing the history, in the order declared, inside the same
 * transaction (design "Practices": the engine finds each effect's work in one place, `server/modules/practices/
 * practices.compose.ts`, typed complete over this list). An effect that cannot happen refuses the transition with a
 * message; it never skips itself.
 */
export type TTransitionEffect =
  /** A `notPaied` payment request of the chosen quotation's premium, due after the sector's `paymentDueDays` (insurance). */
  | 'requestPayment'
  /** The policy (number, dates) and its commission from the chosen premium and the sector's revenue setting (insurance). */
  | 'issuePolicy'
  /** The unpaid payment requests of the practice withdrawn (a request for issue sent back or refused). */
  | 'withdrawPayment'
  /** The payload's `reason` stored as the practice's outcome reason (refused, sent back, rejected). */
  | 'recordReason'
  /** The supply's start date and the commission of the chosen offer written to the corner's ledger (utilities). */
  | 'startSupply'
  /** The supply's end date and, within the offer's window, the clawback of its commission (utilities). */
  | 'endSupply'
  /** A rejected request sent again today: its reason cleared, a switch's expected start moved (utilities). */
  | 'resubmit';

export type TTransitionDefinition<TState extends string = string> = {
  /** Name of the transition (`askEmission`, `emit`, `refuse`...), unique in the sector; REST `POST /:id/transition {to}` names the target state. */
  name: string;
  /** Italian label of the action ("Richiedi emissione"). */
  label: string;
  from: readonly TState[];
  to: TState;
  /** Roles that may make it (an admin may always act, as the engine's own rule). */
  roles: readonly Exclude<TRole, 'admin'>[];
  /** Checked inside the transition's transaction, on the practice's locked row, before any effect. */
  requires: readonly TTransitionRequirement[];
  /** What it does, in this order, in the same transaction (none: only the state and the history change). */
  effects: readonly TTransitionEffect[];
  /** What the caller sends with it (a reason, the policy number and dates...); `z.object({})` when nothing. */
  payload: z.ZodType;
  /** Notification event key sent by the engine after the commit (`rca_emission`), if any. */
  event?: string;
  /** A valid example of the payload (the schema endpoint for integrators; a function when it depends on today). */
  example?: unknown;
};

/**
 * The quotations of an insurance sector: the input's schema and a valid example (schema endpoint, tests), and
 * which amounts they state: `liability` the RC Auto limits per claim (injury, property) checked against the
 * legal minimums, `insured` one insured sum (the massimale of a policy, the amount a surety guarantees).
 */
export type TQuotationDefinition = { input: z.ZodType; example: () => unknown; limits: 'liability' | 'insured' };

/** What an insurance sector must have (its money rules and its quotations) and a utility sector has not. */
type TKindParts<TSector extends TSectorSlug, TSettings extends Record<string, z.ZodType>> = [(typeof SECTORS)[TSector]['kind']] extends ['insurance']
  ? { insurance: TInsuranceSectorRules<TSettings>; quotation: TQuotationDefinition }
  : [(typeof SECTORS)[TSector]['kind']] extends ['utility']
    ? { insurance?: never; quotation?: never }
    : { insurance?: TInsuranceSectorRules<TSettings>; quotation?: TQuotationDefinition };

export type TSectorDefinition<
  TData = unknown,
  TState extends string = string,
  TSettings extends Record<string, z.ZodType> = Record<string, z.ZodType>,
  TSector extends TSectorSlug = TSectorSlug,
> = TKindParts<TSector, TSettings> & {
  sector: TSector;
  /** Insurance (quotations, request for issue, policy) or utility (supply activation): as SECTORS[sector].kind. */
  kind: (typeof SECTORS)[TSector]['kind'];
  /** Its settings keys' schemas and defaults (the keys of SECTORS[sector].settings). */
  settings: TSectorSettingsDefinition<TSettings>;
  /** zod schema of the sector's `data` (checked on create and on every change; Italian messages). */
  data: z.ZodType<TData>;
  /** Italian state labels (the same as shared/sectors.ts SECTORS[sector].states). */
  states: Readonly<Record<TState, string>>;
  /** State of a new practice. */
  initial: TState;
  /** What creating a practice needs (utilities: submitting the request needs the signed contract). */
  createRequires?: readonly 'signedContract'[];
  /**
   * Fields that identify what a practice is about (a POD, a PDR): while a practice of the sector with the same value
   * is open (not in a final state), another is refused with a conflict naming it, on the field. `path` is the field's
   * path in `data`.
   */
  uniqueWhileOpen?: readonly { path: readonly string[]; label: string }[];
  /** Terminal states: no transition leaves them, no data change is accepted. */
  final: readonly TState[];
  /** States in which the corner may still change the data (e.g. only `quotating`). */
  editableIn: readonly TState[];
  transitions: readonly TTransitionDefinition<TState>[];
  /** Notification event keys of spec section 3 (`rca_create`, `rca_update`, `rca_history`...). */
  events: { create: string; update: string; history?: string; newQuotation?: string; updateQuotation?: string };
  /** Short Italian title of a practice for lists and notifications ("Fiat Panda AB123CD"). */
  title: (data: TData) => string;
  /** Text searched by the lists' free search (plates, POD, PDR...), lower case is applied by the engine. */
  searchText: (data: TData) => string;
  /** A valid example of `data` (the schema endpoint for integrators, tests, demo). */
  example: TData;
  /** Utilities: the day the supply is expected to start for a request submitted on `submittedOn` (ISO), or null when not known. */
  expectedStart?: (data: TData, submittedOn: string) => string | null;
  /**
   * Utilities: what the offer chosen from the catalogue (`data.offer.id`) must fit (commodity, uses telling the kind of
   * customer); the server fills `data.offer` from the catalogue on every create and change.
   */
  offerSubject?: (data: TData) => TOfferFitSubject;
};

/** Erases the data type of a definition for registries keyed by sector. */
export type TAnySectorDefinition = TSectorDefinition<any, string, any>;

/** A definition of one sector (the registry's entries). */
export type TSectorDefinitionOf<S extends TSectorSlug> = TSectorDefinition<any, string, any, S>;
