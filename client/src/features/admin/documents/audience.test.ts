import { describe, expect, it } from 'vitest';
import { audienceQuery } from './admin-documents-api';
import { audienceProblem, describeAudience } from './audience';

describe('admin document audiences', () => {
  it('writes the upload query with comma-separated roles or users', () => {
    expect(audienceQuery({ audience: 'roles', roles: ['corner', 'broker'], userIds: ['u'] }, 'other')).toEqual({
      docType: 'other',
      audience: 'roles',
      roles: 'corner,broker',
      userIds: undefined,
    });
    expect(audienceQuery({ audience: 'users', roles: [], userIds: ['a', 'b'] }, 'contract-template')).toMatchObject({ audience: 'users', userIds: 'a,b' });
    expect(audienceQuery({ audience: 'all', roles: ['corner'], userIds: [] }, 'other')).toMatchObject({ audience: 'all', roles: undefined });
  });

  it('asks for a role or a user when the audience needs one, and describes it', () => {
    expect(audienceProblem({ audience: 'roles', roles: [], userIds: [] })).toBe('Indica almeno un ruolo.');
    expect(audienceProblem({ audience: 'users', roles: [], userIds: [] })).toBe('Indica almeno un utente.');
    expect(audienceProblem({ audience: 'all', roles: [], userIds: [] })).toBeNull();
    expect(describeAudience({ audience: 'roles', roles: ['corner'], users: [], userIds: [] })).toBe('Ruoli: Corner');
    expect(describeAudience({ audience: 'users', roles: [], users: [{ name: 'Mario Rossi' }], userIds: ['x'] })).toBe('Utenti: Mario Rossi');
  });
});
