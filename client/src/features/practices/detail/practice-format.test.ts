import { describe, expect, it } from 'vitest';
import { policyStanding } from './practice-format';

describe('policyStanding', () => {
  const policy = { number: 'P1', effectiveDate: '2026-01-01', expiryDate: '2026-12-31', graceUntil: '2027-01-15' };
  it('tells in force, grace period (the 15 days after the expiry) and expired apart', () => {
    expect(policyStanding(policy, '2025-12-31').label).toBe('Non ancora in vigore');
    expect(policyStanding(policy, '2026-12-31').label).toBe('In vigore');
    expect(policyStanding(policy, '2027-01-15').label).toBe('In periodo di tolleranza');
    expect(policyStanding(policy, '2027-01-16').label).toBe('Scaduta');
  });
});
