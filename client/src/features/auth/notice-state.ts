/** Router state that carries a success message to /accedi (after a password reset). */
export type TNoticeState = { notice: string };

export const readNotice = (state: unknown): string | null =>
  typeof state === 'object' && state !== null && 'notice' in state && typeof state.notice === 'string'
    ? state.notice
    : null;
