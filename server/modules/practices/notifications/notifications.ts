import type { TBrokerType, TRole } from '../../../../shared/constants';
import type { TAnySectorDefinition } from '../../../../shared/practices/definition';
import { isNotificationKind, visibleNotificationKeys } from '../../../../shared/rules/notification-preferences';
import { sectorNotificationKinds, type TNotificationData, type TNotificationKind } from '../../../../shared/schemas/notifications';
import { SECTORS, isBrokerType, sectorOfBrokerType } from '../../../../shared/sectors';
import { STUCK_MSG } from '../../../../shared/schemas/stuck';
import type { TModuleDeps } from '../../../platform/services';
import type { TUserCard } from '../../auth/users.repository';
import type { TPracticesNeeds } from '../engine/types';
import type { TPracticesEngine } from '../engine/engine.service';
import type { TPracticeCommitted } from '../engine/types';

/** Italian texts of the practices' notifications. */
export const PRACTICE_NOTICE_MSG = {
  openLink: 'Apri la pratica',
  created: (sector: string) => `${sector}: nuova pratica`,
  createdText: (who: string, title: string) => `${who} ha aperto la pratica «${title}».`,
  updated: (sector: string) => `${sector}: pratica modificata`,
  updatedText: (who: string, title: string) => `${who} ha modificato i dati della pratica «${title}».`,
  newQuotation: (sector: string) => `${sector}: nuovo preventivo`,
  newQuotationText: (who: string, title: string) => `${who} ha aggiunto un preventivo alla pratica «${title}».`,
  updateQuotation: (sector: string) => `${sector}: preventivo modificato`,
  updateQuotationText: (who: string, title: string) => `${who} ha modificato un preventivo della pratica «${title}».`,
  stateChanged: (sector: string, state: string) => `${sector}: pratica «${state}»`,
  stateChangedText: (who: string, title: string, action: string, state: string) => `${who} ha eseguito «${action}» sulla pratica «${title}»: ora è «${state}».`,
  taken: (sector: string) => `${sector}: pratica presa in carico`,
  takenText: (who: string, title: string) => `${who} ha preso in carico la pratica «${title}».`,
  historyDefault: (sector: string) => `${sector}: aggiornamento della pratica`,
  historyText: (who: string, title: string, what: string) => `${who}: ${what} sulla pratica «${title}».`,
  reason: (reason: string) => `Motivo: ${reason}`,
  kinds: {
    quotation_chosen: 'preventivo scelto',
    document_added: 'documento aggiunto',
    precontract_sent: 'documentazione precontrattuale inviata al cliente',
    precontract_signed: 'documentazione precontrattuale firmata',
    payment_requested: 'richiesta di pagamento',
    renewal_opened: 'pratica di rinnovo aperta',
    note: 'nota aggiunta',
  } as Record<string, string>,
  somebody: 'Qualcuno',
} as const;

/** Which side of a practice a person is on: its corner, the sector's brokers, the admins. */
type TSide = 'corner' | 'brokers' | 'admins';

/** The definition's event key for a committed change (generic over `definition.events`), or null for none. */
export const eventKeyOf = (event: Pick<TPracticeCommitted, 'kind' | 'definition' | 'transition'>): string | null => {
  const { events } = event.definition;
  switch (event.kind) {
    case 'created':
      return events.create;
    case 'data_changed':
      return events.update;
    case 'quotation_added':
      return events.newQuotation ?? events.update;
    case 'quotation_changed':
      return events.updateQuotation ?? events.update;
    case 'state_changed':
      return event.transition?.event ?? events.history ?? events.update;
    case 'assigned':
      return events.history ?? events.update;
    default:
      return events.history ?? null;
  }
};

/**
 * Whether a user receives a notification key by the role rules of spec section 6: the keys of its preference
 * panel (a broker: its own sector only; creation toggles of the other branches for admins and brokers, of gpl and
 * luce e gas for admins only). Brokers of gpl and luce e gas, who have no panel, still receive the updates of
 * their own sector (never its creations) with the default channels.
 */
export const receivesNotification = (user: { role: TRole; brokerType: TBrokerType | null }, key: TNotificationKind): boolean => {
  if (visibleNotificationKeys({ role: user.role, brokerType: user.brokerType }).includes(key)) return true;
  if (user.role !== 'broker' || !isBrokerType(user.brokerType)) return false;
  const sector = sectorOfBrokerType(user.brokerType);
  return sector.kind === 'utility' && !key.endsWith('_create') && (sectorNotificationKinds(sector) as string[]).includes(key);
};

/**
 * Sends each committed change of a practice to the people on the other side of it, through notify() (which stores
 * it, mails and pushes it by each recipient's preferences): a new practice to the sector's brokers and the admins
 * (and to its corner when an admin opened it);
 * a corner's change to the broker who took the practice (every broker of the sector while nobody did); a broker's
 * change to the corner; an admin's to both. Quotations and a transition with its own event (`rca_emission`) go to
 * the corner. Never to the one who acted, to another corner or to another sector's brokers. The link opens the
 * practice. Generic over the definition's `events`; registered with engine.onCommitted.
 */
export const createPracticeNotifications = ({ logger }: TModuleDeps, engine: TPracticesEngine, { notifications, auth }: TPracticesNeeds) => {
  const sidesOf = (event: TPracticeCommitted): TSide[] => {
    const { kind, actor } = event;
    // A practice an admin opened for a corner's client is news to that corner too.
    if (kind === 'created') return actor.role === 'admin' ? ['brokers', 'admins', 'corner'] : ['brokers', 'admins'];
    if (kind === 'quotation_added' || kind === 'quotation_changed') return ['corner'];
    if (kind === 'state_changed' && event.transition?.event) return actor.role === 'corner' ? ['corner', 'brokers'] : ['corner'];
    if (actor.role === 'admin') return ['corner', 'brokers'];
    if (actor.role === 'broker') return ['corner'];
    return ['brokers'];
  };

  const recipientsOf = async (event: TPracticeCommitted, key: TNotificationKind): Promise<string[]> => {
    const { practice, definition, actor } = event;
    const people: TUserCard[] = [];
    // An admin's assignment: the broker who had it and the one who has it now.
    if (event.kind === 'assigned') people.push(...(await auth.userCards([event.payload?.fromBrokerId, event.payload?.toBrokerId].filter((id): id is string => typeof id === 'string'))));
    const sides = event.kind === 'assigned' ? [] : sidesOf(event);
    if (sides.includes('corner')) people.push(...(await auth.userCards([practice.corner_id])));
    if (sides.includes('brokers')) {
      const brokerType = SECTORS[definition.sector as keyof typeof SECTORS].brokerType;
      const sectorBrokers = (await auth.activeUsersOfRole('broker')).filter((user) => user.broker_type === brokerType);
      // Once taken, the practice is that broker's: the others of the sector are not bothered (a creation goes to all).
      const taker = event.kind !== 'created' && practice.broker_id ? sectorBrokers.filter((user) => user.id === practice.broker_id) : [];
      people.push(...(taker.length > 0 ? taker : sectorBrokers));
    }
    if (sides.includes('admins')) people.push(...(await auth.activeUsersOfRole('admin')));
    const ids = new Set<string>();
    for (const user of people) {
      if (user.state !== 'active' || user.id === actor.userId || user.id === actor.impersonatorId) continue;
      if (!receivesNotification({ role: user.role as TRole, brokerType: (user.broker_type as TBrokerType | null) ?? null }, key)) continue;
      ids.add(user.id);
    }
    return [...ids];
  };
  const stateLabel = (definition: TAnySectorDefinition, state: string) => (definition.states as Record<string, string>)[state] ?? state;

  const dataOf = async (event: TPracticeCommitted): Promise<TNotificationData> => {
    const { definition, practice, actor } = event;
    const sector = SECTORS[definition.sector as keyof typeof SECTORS];
    const who = (await engine.internal.userNames([actor.userId])).get(actor.userId) ?? PRACTICE_NOTICE_MSG.somebody;
    let title: string;
    try {
      title = definition.title(practice.data);
    } catch {
      title = practice.id;
    }
    const link = `${sector.route}/${practice.id}`;
    const base = { link, textLink: PRACTICE_NOTICE_MSG.openLink };
    switch (event.kind) {
      case 'created':
        return { ...base, title: PRACTICE_NOTICE_MSG.created(sector.label), text: PRACTICE_NOTICE_MSG.createdText(who, title) };
      case 'data_changed':
        return { ...base, title: PRACTICE_NOTICE_MSG.updated(sector.label), text: PRACTICE_NOTICE_MSG.updatedText(who, title) };
      case 'quotation_added':
        return { ...base, title: PRACTICE_NOTICE_MSG.newQuotation(sector.label), text: PRACTICE_NOTICE_MSG.newQuotationText(who, title) };
      case 'quotation_changed':
        return { ...base, title: PRACTICE_NOTICE_MSG.updateQuotation(sector.label), text: PRACTICE_NOTICE_MSG.updateQuotationText(who, title) };
      case 'taken':
        return { ...base, title: PRACTICE_NOTICE_MSG.taken(sector.label), text: PRACTICE_NOTICE_MSG.takenText(who, title) };
      case 'assigned': {
        const to = typeof event.payload?.toBrokerId === 'string' ? event.payload.toBrokerId : '';
        const name = (await engine.internal.userNames([to])).get(to) ?? PRACTICE_NOTICE_MSG.somebody;
        return { ...base, title: STUCK_MSG.assignedTitle(sector.label), text: STUCK_MSG.assignedText(who, title, name) };
      }
      case 'state_changed': {
        const state = stateLabel(definition, practice.state);
        const reason = typeof event.payload?.reason === 'string' ? event.payload.reason : null;
        const text = PRACTICE_NOTICE_MSG.stateChangedText(who, title, event.transition?.label ?? state, state);
        return { ...base, title: PRACTICE_NOTICE_MSG.stateChanged(sector.label, state), text: reason ? [text, PRACTICE_NOTICE_MSG.reason(reason)] : text };
      }
      default: {
        const what = PRACTICE_NOTICE_MSG.kinds[event.kind] ?? event.kind;
        return { ...base, title: PRACTICE_NOTICE_MSG.historyDefault(sector.label), text: PRACTICE_NOTICE_MSG.historyText(who, title, what) };
      }
    }
  };

  /** Sends one committed change; answers who was notified (tests). */
  const send = async (event: TPracticeCommitted): Promise<string[]> => {
    const key = eventKeyOf(event);
    if (!key) return [];
    if (!isNotificationKind(key)) {
      logger.warn({ key, sector: event.definition.sector }, 'chiave di notifica della pratica sconosciuta');
      return [];
    }
    const recipients = await recipientsOf(event, key);
    if (recipients.length === 0) return [];
    const sent = await notifications.notify(key, recipients, await dataOf(event));
    return sent.map((entry) => entry.userId);
  };

  // In flight: tests wait for them (`idle`); a failure is logged by the engine.
  const inFlight = new Set<Promise<unknown>>();
  engine.onCommitted((event) => {
    const sending = send(event);
    inFlight.add(sending);
    void sending.then(
      () => inFlight.delete(sending),
      () => inFlight.delete(sending),
    );
    return sending.then(() => undefined);
  });

  return {
    /** The key and recipients a change would go to (without sending). */
    recipientsOf: async (event: TPracticeCommitted) => {
      const key = eventKeyOf(event);
      return key && isNotificationKind(key) ? { key, userIds: await recipientsOf(event, key) } : null;
    },
    /** Resolves once the notifications of the changes committed so far are stored. */
    idle: async () => {
      // The engine calls listeners on a later tick than `committed`: let those already told start first.
      await new Promise((resolve) => setImmediate(resolve));
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
};
