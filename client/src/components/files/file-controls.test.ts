import { describe, expect, it } from 'vitest';
import { fileControls } from './file-controls';

const pdf = { name: 'contratto.pdf', path: 'files/x', mime: 'application/pdf' };

describe('fileControls (spec sections 5 and 6 through fileRights)', () => {
  it('lets the per-file flags win over the option', () => {
    expect(fileControls({ ...pdf, allowDelete: false, allowEdit: true }, 'corner', { canDelete: true, canEdit: false })).toMatchObject({
      canDelete: false,
      canRename: true,
    });
  });

  it('checks a boolean or a list of roles, allows with the option unset, denies without a role', () => {
    expect(fileControls(pdf, 'corner')).toMatchObject({ canDelete: true, canRename: true });
    expect(fileControls(pdf, 'corner', { canDelete: false })).toMatchObject({ canDelete: false, canRename: true });
    expect(fileControls(pdf, 'corner', { canDelete: ['admin'], canEdit: ['admin', 'corner'] })).toMatchObject({ canDelete: false, canRename: true });
    expect(fileControls({ ...pdf, allowDelete: true }, null)).toMatchObject({ canDelete: false, canRename: false });
  });

  it('offers a preview for pdf, png, jpg, jpeg and a download for everything', () => {
    expect(fileControls(pdf, 'corner')).toMatchObject({ canPreview: true, canDownload: true });
    expect(fileControls({ name: 'a.docx', path: 'files/y' }, 'corner')).toMatchObject({ canPreview: false, canDownload: true });
  });
});
