import { describe, expect, it } from 'vitest';
import { practiceStateColor } from './practice-state-badge';

describe('practiceStateColor', () => {
  it('colours an activated supply (Attivata) teal like an emitted policy (Emessa), though it may still cease', () => {
    expect(practiceStateColor('rca', 'emitted')).toBe('teal');
    for (const sector of ['luce-e-gas', 'gpl'] as const) expect(practiceStateColor(sector, 'activated')).toBe('teal');
  });

  it('keeps the initial state blue, the open ones orange and the bad ends red', () => {
    expect(practiceStateColor('rca', 'quotating')).toBe('blue');
    expect(practiceStateColor('rca', 'askEmission')).toBe('orange');
    expect(practiceStateColor('rca', 'notEmitted')).toBe('red');
    expect(practiceStateColor('gpl', 'submitted')).toBe('blue');
    expect(practiceStateColor('gpl', 'processing')).toBe('orange');
    expect(practiceStateColor('gpl', 'ceased')).toBe('red');
  });
});
