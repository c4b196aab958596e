/** Display name rule (spec section 3): persona/privato use name plus surname, otherwise business. */
export const getDisplayName = (user: { type: string; name: string; surname: string; business: string }): string =>
  user.type === 'azienda' ? user.business : `${user.name} ${user.surname}`.trim();
