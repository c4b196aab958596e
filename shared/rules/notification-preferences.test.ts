import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '../schemas/notifications';
import { canChangeNotificationPreference, defaultNotificationFlags, notificationPreferenceRules, visibleNotificationKeys } from './notification-preferences';

describe('notification preference rules', () => {
  it('gives admins every key, in the admin, general, payments and sector groups', () => {
    const rules = notificationPreferenceRules({ role: 'admin' });
    expect(rules.canOpen).toBe(true);
    expect(rules.groups.map((group) => group.id)).toEqual(['admin', 'general', 'payments', 'rca', 'ar', 'f', 'gpl', 'lg']);
    expect(new Set(visibleNotificationKeys({ role: 'admin' }))).toEqual(new Set(NOTIFICATION_KINDS));
  });

  it('hides the admin group, user_update and the creation toggles of other branches, sureties, gpl and luce e gas from corners', () => {
    const keys = visibleNotificationKeys({ role: 'corner' });
    for (const key of ['new_user', 'new_broker', 'new_payment_request', 'user_update', 'ar_create', 'f_create', 'gpl_create', 'lg_create'] as const) {
      expect(keys).not.toContain(key);
    }
    expect(keys).toEqual(expect.arrayContaining(['other', 'new_payment', 'rca_create', 'ar_update', 'gpl_update', 'lg_update']));
  });

  it('gives a broker only its own sector (with its creation toggle), and no panel to gpl and luce e gas brokers', () => {
    expect(visibleNotificationKeys({ role: 'broker', brokerType: 'RC Auto' })).toEqual(['rca_create', 'rca_update', 'rca_newquotation', 'rca_updatequotation', 'rca_emission', 'rca_history']);
    expect(visibleNotificationKeys({ role: 'broker', brokerType: 'fideiussioni' })).toContain('f_create');
    expect(canChangeNotificationPreference({ role: 'broker', brokerType: 'altri rami' }, 'rca_create')).toBe(false);
    for (const brokerType of ['gpl', 'luce e gas'] as const) {
      expect(notificationPreferenceRules({ role: 'broker', brokerType })).toEqual({ canOpen: false, groups: [] });
    }
  });

  it('defaults e-mail on for the admin group and sector emission/newquotation, web push off', () => {
    expect(defaultNotificationFlags('new_user')).toEqual({ email: true, webpush: false });
    expect(defaultNotificationFlags('rca_emission')).toEqual({ email: true, webpush: false });
    expect(defaultNotificationFlags('f_newquotation')).toEqual({ email: true, webpush: false });
    expect(defaultNotificationFlags('user_update')).toEqual({ email: false, webpush: false });
    expect(defaultNotificationFlags('gpl_create')).toEqual({ email: false, webpush: false });
  });
});
