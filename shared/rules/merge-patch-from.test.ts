import { describe, expect, it } from 'vitest';
import { mergePatchFrom } from './merge-patch-from';

describe('mergePatchFrom', () => {
  it('removes with null what the new object dropped, at any depth, and replaces arrays and values whole', () => {
    const before = { product: { id: 'p', version: 1, name: 'Casa' }, answers: { hasAlarm: true, alarmKind: 'Perimetrale' }, covers: ['Furto', 'Incendio'], notes: 'x' };
    const after = { product: { id: 'p', version: 1 }, answers: { hasAlarm: false }, covers: ['Furto'], notes: 'x' };
    const patch = mergePatchFrom(before, after);
    expect(patch).toEqual({ product: { id: 'p', version: 1, name: null }, answers: { hasAlarm: false, alarmKind: null }, covers: ['Furto'], notes: 'x' });
  });

  it('answers the new value when either side is not an object', () => {
    expect(mergePatchFrom(undefined, { a: 1 })).toEqual({ a: 1 });
    expect(mergePatchFrom({ a: 1 }, ['a'])).toEqual(['a']);
    expect(mergePatchFrom({ a: { b: 1 } }, { a: 'testo' })).toEqual({ a: 'testo' });
  });
});
