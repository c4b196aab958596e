import { describe, expect, it } from 'vitest';
import { fileRights } from './file-permissions';

describe('fileRights (spec section 6)', () => {
  it('denies both without a role, even when the file allows them', () => {
    expect(fileRights({ file: {}, role: null })).toEqual({ canDelete: false, canEdit: false });
    expect(fileRights({ file: { allowDelete: true, allowEdit: true } })).toEqual({ canDelete: false, canEdit: false });
    expect(fileRights({ file: {}, role: undefined, options: { canDelete: true, canEdit: ['corner'] } })).toEqual({ canDelete: false, canEdit: false });
  });

  it('allows both with a role when neither the file nor the option says anything', () => {
    expect(fileRights({ file: {}, role: 'corner' })).toEqual({ canDelete: true, canEdit: true });
    expect(fileRights({ file: { allowDelete: null, allowEdit: null }, role: 'broker', options: {} })).toEqual({ canDelete: true, canEdit: true });
  });

  it('lets the per-file flags win over the option, each flag on its own right', () => {
    expect(fileRights({ file: { allowDelete: false }, role: 'admin', options: { canDelete: true } })).toEqual({ canDelete: false, canEdit: true });
    expect(fileRights({ file: { allowEdit: false }, role: 'corner', options: { canEdit: ['corner'] } })).toEqual({ canDelete: true, canEdit: false });
    expect(fileRights({ file: { allowDelete: true, allowEdit: true }, role: 'corner', options: { canDelete: false, canEdit: ['admin'] } })).toEqual({
      canDelete: true,
      canEdit: true,
    });
  });

  it('applies a boolean option to every role', () => {
    expect(fileRights({ file: {}, role: 'corner', options: { canDelete: false, canEdit: true } })).toEqual({ canDelete: false, canEdit: true });
    expect(fileRights({ file: {}, role: 'admin', options: { canDelete: true, canEdit: false } })).toEqual({ canDelete: true, canEdit: false });
  });

  it('checks a list of roles against the user’s role', () => {
    const options = { canDelete: ['admin'] as const, canEdit: ['admin', 'corner'] as const };
    expect(fileRights({ file: {}, role: 'admin', options })).toEqual({ canDelete: true, canEdit: true });
    expect(fileRights({ file: {}, role: 'corner', options })).toEqual({ canDelete: false, canEdit: true });
    expect(fileRights({ file: {}, role: 'broker', options })).toEqual({ canDelete: false, canEdit: false });
    expect(fileRights({ file: {}, role: 'corner', options: { canDelete: [], canEdit: [] } })).toEqual({ canDelete: false, canEdit: false });
  });
});
