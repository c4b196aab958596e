import { PASSWORD_MIN_LENGTH } from '../../../shared/constants';

/** The rule of ZPassword, said before the user types rather than after. */
export const PASSWORD_HINT = `Almeno ${PASSWORD_MIN_LENGTH} caratteri, con almeno una lettera e un numero.`;
