import { describe, expect, it } from 'vitest';
import { notificationPreferenceRules } from '../../../../../shared/rules/notification-preferences';
import { NOTIFICATION_KINDS } from '../../../../../shared/schemas/notifications';
import { NOTIFICATION_KIND_LABELS } from './preference-labels';

describe('notification preference labels', () => {
  it('name every event key of NOTIFICATION_KINDS, and nothing else', () => {
    for (const kind of NOTIFICATION_KINDS) expect(NOTIFICATION_KIND_LABELS[kind], kind).toMatch(/\S/);
    expect(Object.keys(NOTIFICATION_KIND_LABELS).sort()).toEqual([...NOTIFICATION_KINDS].sort());
  });

  it('never show two rows with the same label inside one group', () => {
    const { groups } = notificationPreferenceRules({ role: 'admin' });
    for (const group of groups) {
      const labels = group.keys.map((key) => NOTIFICATION_KIND_LABELS[key]);
      expect(new Set(labels).size, group.id).toBe(labels.length);
    }
  });
});
