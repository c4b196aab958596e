import type { TPublicConfig } from '../../../shared/schemas/config';
import type { TServiceDeps } from '../../platform/deps';

export type TConfigService = ReturnType<typeof createConfigService>;

export const createConfigService = ({ config }: TServiceDeps) => ({
  /** Public, non-secret installation facts. */
  getPublic: (): TPublicConfig => ({ supportEmail: config.supportEmail }),
});
