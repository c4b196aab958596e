import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { plainJsonTransformer } from './plain-json-transformer';

/** What travels: superjson on the server, this transformer in the sign-in pages' client. */
const roundTrip = (value: unknown) => plainJsonTransformer.deserialize(JSON.parse(JSON.stringify(superjson.serialize(value))));

describe('plainJsonTransformer (superjson’s format for plain JSON)', () => {
  it('reads what superjson writes for JSON values and undefined', () => {
    expect(roundTrip({ id: 'u1', role: 'corner', state: 'active' })).toEqual({ id: 'u1', role: 'corner', state: 'active' });
    const error = roundTrip({ message: 'no', data: { httpStatus: 401, 'a.b': undefined, fields: undefined, list: [1, undefined] } }) as Record<string, Record<string, unknown>>;
    expect(error).toEqual({ message: 'no', data: { httpStatus: 401, 'a.b': undefined, fields: undefined, list: [1, undefined] } });
    expect('fields' in error.data!).toBe(true);
    expect(roundTrip(undefined)).toBeUndefined();
  });

  it('writes what superjson reads', () => {
    const sent = { email: 'a@example.it', password: 'x' };
    expect(superjson.deserialize(JSON.parse(JSON.stringify(plainJsonTransformer.serialize(sent))))).toEqual(sent);
    expect(superjson.deserialize(JSON.parse(JSON.stringify(plainJsonTransformer.serialize(undefined))) as never)).toBeUndefined();
  });

  it('refuses a type it cannot rebuild instead of handing over a string', () => {
    expect(() => roundTrip({ at: new Date(0) })).toThrow(/Date in "at"/);
    expect(() => roundTrip(new Date(0))).toThrow(/Date/);
  });
});
