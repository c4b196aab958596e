import { describe, expect, it } from 'vitest';
import { ADMIN_SETTING_KEYS, BROKER_SETTING_KEYS, BROKER_TYPE_LABELS, BROKER_TYPES, RCA_STATE_LABELS } from './constants';
import { NOTIFICATION_GENERAL_KINDS, NOTIFICATION_KINDS } from './schemas/notifications';
import {
  isBrokerType,
  isSectorSlug,
  SECTOR_LIST,
  SECTOR_SLUGS,
  sectorBySlug,
  sectorOfBrokerType,
  SECTORS,
  stateLabel,
  UnknownSectorError,
  type TSectorBrokerType,
  type TSectorSlug,
} from './sectors';
import { ZSectorSlug } from './schemas/sectors';

const INSURANCE = ['rca', 'altri-rami', 'fideiussioni'] as const;
const UTILITIES = ['luce-e-gas', 'gpl'] as const;

describe('sector registry', () => {
  it('holds the five sectors with the spec literals: slug, label, broker type, settings and event prefixes, route, kind', () => {
    expect(SECTOR_LIST.map(({ slug, label, brokerType, settingsPrefix, eventPrefix, route, kind }) => [slug, label, brokerType, settingsPrefix, eventPrefix, route, kind])).toEqual([
      ['rca', 'RC Auto', 'RC Auto', 'rca', 'rca', '/rca', 'insurance'],
      ['altri-rami', 'Altri rami', 'altri rami', 'altriRami', 'ar', '/altri-rami', 'insurance'],
      ['fideiussioni', 'Fideiussioni', 'fideiussioni', 'fideiussioni', 'f', '/fideiussioni', 'insurance'],
      ['gpl', 'GPL', 'gpl', 'gpl', 'gpl', '/gpl', 'utility'],
      ['luce-e-gas', 'Luce e gas', 'luce e gas', 'luceGas', 'lg', '/luce-e-gas', 'utility'],
    ]);
    for (const slug of SECTOR_SLUGS) expect(SECTORS[slug].slug).toBe(slug);
  });

  it('round-trips every slug, broker type and event prefix', () => {
    for (const sector of SECTOR_LIST) {
      expect(sectorBySlug(sector.slug)).toBe(sector);
      expect(sectorOfBrokerType(sector.brokerType)).toBe(sector);
      expect(SECTOR_LIST.filter((other) => other.eventPrefix === sector.eventPrefix)).toEqual([sector]);
      expect(SECTOR_LIST.filter((other) => other.settingsPrefix === sector.settingsPrefix)).toEqual([sector]);
      expect(isSectorSlug(sector.slug)).toBe(true);
      expect(isBrokerType(sector.brokerType)).toBe(true);
      expect(ZSectorSlug.parse(sector.slug)).toBe(sector.slug);
    }
  });

  it('gives insurance sectors the four states of spec section 4 and utilities their own five', () => {
    for (const slug of INSURANCE) {
      expect(sectorBySlug(slug).states).toEqual({ askEmission: 'Richiesta emissione', emitted: 'Emessa', quotating: 'In quotazione', notEmitted: 'Non emessa' });
      expect(stateLabel(slug, 'quotating')).toBe('In quotazione');
      expect(stateLabel(slug, 'askEmission')).toBe('Richiesta emissione');
      expect(stateLabel(slug, 'emitted')).toBe('Emessa');
      expect(stateLabel(slug, 'notEmitted')).toBe('Non emessa');
    }
    for (const slug of UTILITIES) {
      expect(sectorBySlug(slug).states).toEqual({ submitted: 'Inviata', processing: 'In lavorazione', activated: 'Attivata', rejected: 'Respinta', ceased: 'Cessata' });
      expect(stateLabel(slug, 'ceased')).toBe('Cessata');
    }
  });

  it('throws on an unknown slug, broker type or state instead of falling back to RC Auto', () => {
    for (const slug of ['', 'RC Auto', 'luceGas', 'luce e gas', 'altriRami', 'toString', '__proto__']) {
      expect(() => sectorBySlug(slug as TSectorSlug)).toThrow(UnknownSectorError);
      expect(isSectorSlug(slug)).toBe(false);
      expect(ZSectorSlug.safeParse(slug).success).toBe(false);
    }
    for (const type of ['rca', 'luce-e-gas', 'luceGas', 'Altri rami', 'GPL', '', null, undefined]) {
      expect(() => sectorOfBrokerType(type as TSectorBrokerType)).toThrow(UnknownSectorError);
      expect(isBrokerType(type)).toBe(false);
    }
    expect(() => stateLabel('rca', 'submitted')).toThrow(UnknownSectorError);
    expect(() => stateLabel('gpl', 'quotating')).toThrow(UnknownSectorError);
    expect(() => stateLabel('luce-e-gas', 'toString')).toThrow(UnknownSectorError);
    expect(() => stateLabel('luceGas' as TSectorSlug, 'submitted')).toThrow(UnknownSectorError);
  });

  it('names what was unknown in the error', () => {
    const error = (() => {
      try {
        sectorOfBrokerType('assicurazioni' as TSectorBrokerType);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(UnknownSectorError);
    expect(error).toMatchObject({ what: 'brokerType', value: 'assicurazioni' });
  });
});

describe('constants derived from the registry keep the spec literals', () => {
  it('broker types and their labels (spec section 3)', () => {
    expect(BROKER_TYPES).toEqual(['RC Auto', 'altri rami', 'fideiussioni', 'gpl', 'luce e gas']);
    expect(BROKER_TYPE_LABELS).toEqual({ 'RC Auto': 'RC Auto', 'altri rami': 'Altri rami', fideiussioni: 'Fideiussioni', gpl: 'GPL', 'luce e gas': 'Luce e gas' });
  });

  it('RCA state labels, in the order of spec section 4', () => {
    expect(Object.entries(RCA_STATE_LABELS)).toEqual([
      ['askEmission', 'Richiesta emissione'],
      ['emitted', 'Emessa'],
      ['quotating', 'In quotazione'],
      ['notEmitted', 'Non emessa'],
    ]);
  });

  it('notification event keys: rca_, ar_, f_ with six suffixes, gpl_ and lg_ with create and update (spec section 3)', () => {
    const insurance = ['create', 'update', 'newquotation', 'updatequotation', 'emission', 'history'];
    expect(NOTIFICATION_KINDS.slice(NOTIFICATION_GENERAL_KINDS.length)).toEqual([
      ...insurance.map((event) => `rca_${event}`),
      ...insurance.map((event) => `ar_${event}`),
      ...insurance.map((event) => `f_${event}`),
      'gpl_create',
      'gpl_update',
      'lg_create',
      'lg_update',
    ]);
  });

  it('settings prefixes name the sector settings keys of spec section 3 (rcaConfig … luceGasConfig, rcaDocs, altriRamiDocs)', () => {
    expect(SECTOR_LIST.map((sector) => `${sector.settingsPrefix}Config`)).toEqual(['rcaConfig', 'altriRamiConfig', 'fideiussioniConfig', 'gplConfig', 'luceGasConfig']);
    for (const sector of SECTOR_LIST) expect(ADMIN_SETTING_KEYS).toContain(`${sector.settingsPrefix}Config`);
    expect(BROKER_SETTING_KEYS).toEqual(expect.arrayContaining([`${SECTORS.rca.settingsPrefix}Docs`, `${SECTORS['altri-rami'].settingsPrefix}Docs`]));
  });
});
