import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '../../../../shared/schemas/files';
import { buildDownloadUrl, buildFileUrl, buildImageUrl, pickImageWidth } from './download-url';

const P1 = 'files/11111111-1111-4111-8111-111111111111';
const P2 = 'files/22222222-2222-4222-8222-222222222222';

const paramsOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('buildDownloadUrl (spec section 7)', () => {
  it('numbers path_N and name_N per file and adds zipName for several files', () => {
    const url = buildDownloadUrl(
      [
        { path: P1, name: 'Carta d’identità.pdf' },
        { path: P2, name: 'Codice & fiscale.png' },
      ],
      { zipName: 'documenti-mario' },
    );
    expect(url.startsWith('/api/docs/download?')).toBe(true);
    expect(paramsOf(url)).toEqual({ path_0: P1, name_0: 'Carta d’identità.pdf', path_1: P2, name_1: 'Codice & fiscale.png', zipName: 'documenti-mario' });
  });

  it('leaves zipName out for one file, names out when unknown, and asks inline when told', () => {
    expect(paramsOf(buildDownloadUrl([{ path: P1 }], { zipName: 'x' }))).toEqual({ path_0: P1 });
    expect(paramsOf(buildDownloadUrl([{ path: P1, name: 'a.pdf' }], { inline: true }))).toEqual({ path_0: P1, name_0: 'a.pdf', inline: '1' });
  });

  it('points the viewer at /api/docs/file', () => {
    expect(buildFileUrl(P1)).toBe(`/api/docs/file?path=${encodeURIComponent(P1)}`);
  });
});

describe('image URLs (spec section 7)', () => {
  it('uses only widths of the fixed list, 360 and 75 by default', () => {
    expect(paramsOf(buildImageUrl(P1))).toEqual({ url: P1, w: '360', q: '75' });
    expect(paramsOf(buildImageUrl(P1, 1000, 60))).toEqual({ url: P1, w: '1080', q: '60' });
    expect(pickImageWidth(1)).toBe(16);
    expect(pickImageWidth(99_999)).toBe(3840);
    for (const wanted of [10, 300, 361, 2000]) expect(IMAGE_WIDTHS).toContain(pickImageWidth(wanted));
  });
});
