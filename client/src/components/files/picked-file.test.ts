import { describe, expect, it } from 'vitest';
import { buildPickedFile, buildUploadForm, type TImageReader } from './picked-file';

const reader = (size = { width: 640, height: 480 }): TImageReader & { reads: string[] } => {
  const reads: string[] = [];
  return {
    reads,
    readAsDataUrl: async (file) => {
      reads.push(file.name);
      return `data:${file.type};base64,AAAA`;
    },
    measure: async () => size,
  };
};

describe('buildPickedFile (spec section 3)', () => {
  it('records an image with its name without extension, a random id, mime, metadata, size and base64 source', async () => {
    const file = new File([new Uint8Array([1, 2, 3])], 'patente.fronte.jpg', { type: 'image/jpeg' });
    const first = await buildPickedFile(file, reader(), { type: 'identity-document' });
    const second = await buildPickedFile(file, reader());
    expect(first).toMatchObject({
      file,
      name: 'patente.fronte',
      mime: 'image/jpeg',
      metadata: { name: 'patente.fronte.jpg', type: 'identity-document' },
      width: 640,
      height: 480,
      src: 'data:image/jpeg;base64,AAAA',
    });
    expect(second.metadata).toEqual({ name: 'patente.fronte.jpg' });
    expect(first.id).toMatch(/\S{8,}/);
    expect(first.id).not.toBe(second.id);
  });

  it('gives non-images no size data and does not read them', async () => {
    const images = reader();
    const picked = await buildPickedFile(new File(['%PDF-1.7'], 'contratto.pdf', { type: 'application/pdf' }), images);
    expect(picked.name).toBe('contratto');
    expect(picked).not.toHaveProperty('width');
    expect(picked).not.toHaveProperty('height');
    expect(picked).not.toHaveProperty('src');
    expect(images.reads).toEqual([]);
  });

  it('keeps an image the browser cannot decode, without size data', async () => {
    const broken: TImageReader = { readAsDataUrl: async () => 'data:image/heic;base64,AA', measure: () => Promise.reject(new Error('no')) };
    const picked = await buildPickedFile(new File(['x'], 'foto.heic', { type: 'image/heic' }), broken);
    expect(picked.width).toBeUndefined();
    expect(picked.src).toBeUndefined();
  });
});

describe('buildUploadForm (spec section 7)', () => {
  it('sends file0..N with m0..N (JSON) and a body part', async () => {
    const a = await buildPickedFile(new File(['a'], 'a.pdf', { type: 'application/pdf' }), reader());
    const b = await buildPickedFile(new File(['b'], 'b.pdf', { type: 'application/pdf' }), reader(), { type: 'rui-registration' });
    const form = buildUploadForm([a, b], { note: 'x' });
    expect([...form.keys()]).toEqual(['m0', 'file0', 'm1', 'file1', 'body']);
    expect(JSON.parse(form.get('m1') as string)).toEqual({ name: 'b.pdf', type: 'rui-registration' });
    expect((form.get('file0') as File).name).toBe('a.pdf');
    expect(JSON.parse(form.get('body') as string)).toEqual({ note: 'x' });
    expect(JSON.parse(buildUploadForm([a]).get('body') as string)).toEqual({});
  });
});
