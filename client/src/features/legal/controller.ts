/**
 * Identity of the data controller, set per installation at build time (VITE_PRIVACY_* variables), so the
 * notice never names a company that does not run this copy of the platform.
 */
const read = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

const env = import.meta.env;

export const CONTROLLER = {
  name: read(env.VITE_PRIVACY_CONTROLLER_NAME),
  address: read(env.VITE_PRIVACY_CONTROLLER_ADDRESS),
  vat: read(env.VITE_PRIVACY_CONTROLLER_VAT),
  email: read(env.VITE_PRIVACY_EMAIL),
  dpoEmail: read(env.VITE_PRIVACY_DPO_EMAIL),
};

export const PRIVACY_LAST_UPDATE = '21 novembre 2026';
