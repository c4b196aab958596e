import { describe, expect, it } from 'vitest';
import type { TFileItem } from '../../../../shared/schemas/files';
import { filesOfType, otherDocuments, pageOf } from './document-types';

const file = (name: string, docType: string | null): TFileItem => ({ name, path: `files/${name}`, docType, mime: 'application/pdf', size: 1 });

describe('documents page lists', () => {
  const files = [
    file('ci', 'identity-document'),
    file('cf', 'tax-code-card'),
    file('rui', 'rui-registration'),
    file('contratto', 'contract'),
    file('firmato', 'contract-signed'),
    file('listino', 'other'),
    file('circolare', null),
  ];

  it('puts profile documents in their cards and everything else but the contract under Altri documenti', () => {
    expect(filesOfType(files, 'identity-document').map((item) => item.name)).toEqual(['ci']);
    expect(otherDocuments(files).map((item) => item.name)).toEqual(['listino', 'circolare']);
  });

  it('cuts pages', () => {
    expect(pageOf([1, 2, 3, 4, 5], 2, 2)).toEqual([3, 4]);
    expect(pageOf([1, 2, 3], 3, 2)).toEqual([]);
  });
});
