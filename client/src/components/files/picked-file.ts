import { nameWithoutExtension } from './file-kinds';

/** The picked-file record of spec section 3: what a file picker hands over before the upload. */
export type TPickedFile = {
  file: File;
  /** The file's name without its extension. */
  name: string;
  /** Random, to key the selection in lists. */
  id: string;
  mime: string;
  /** Sent as the file's `mN` part: its display name and, when given, its type. */
  metadata: { name: string; type?: string };
  /** Images only: natural size and a base64 (data URL) source for a thumbnail. */
  height?: number;
  width?: number;
  src?: string;
};

export type TImageReader = {
  /** The file as a data URL (base64). */
  readAsDataUrl: (file: File) => Promise<string>;
  /** The natural size of an image source; rejects when it is not an image a browser can decode. */
  measure: (src: string) => Promise<{ width: number; height: number }>;
};

const randomId = (): string =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/**
 * Builds the record for one chosen file. Spec section 5 reads every file as an image and non-images give no
 * size data; only `image/*` files are read here, so a 50 MB PDF is not turned into base64 for nothing.
 */
export const buildPickedFile = async (file: File, reader: TImageReader, options: { type?: string } = {}): Promise<TPickedFile> => {
  const record: TPickedFile = {
    file,
    name: nameWithoutExtension(file.name),
    id: randomId(),
    mime: file.type,
    metadata: { name: file.name, ...(options.type ? { type: options.type } : {}) },
  };
  if (!file.type.startsWith('image/')) return record;
  try {
    const src = await reader.readAsDataUrl(file);
    const { width, height } = await reader.measure(src);
    return { ...record, src, width, height };
  } catch {
    // Not decodable (HEIC on most browsers, a broken file): it is still uploaded, just without a thumbnail.
    return record;
  }
};

/** The browser's readers: FileReader for the data URL, an Image element for the size. */
export const browserImageReader: TImageReader = {
  readAsDataUrl: (file) =>
    new Promise((resolve, reject) => {
      const fileReader = new FileReader();
      fileReader.onload = () => (typeof fileReader.result === 'string' ? resolve(fileReader.result) : reject(new Error('not a data URL')));
      fileReader.onerror = () => reject(fileReader.error ?? new Error('read failed'));
      fileReader.readAsDataURL(file);
    }),
  measure: (src) =>
    new Promise((resolve, reject) => {
      const image = new Image();
      image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
      image.onerror = () => reject(new Error('not an image'));
      image.src = src;
    }),
};

/**
 * Spec section 7: multipart with the files as file0, file1, ..., their metadata as m0, m1, ... (JSON) and a
 * `body` part (JSON).
 */
export const buildUploadForm = (files: readonly TPickedFile[], body: unknown = {}): FormData => {
  const form = new FormData();
  files.forEach((picked, index) => {
    form.append(`m${index}`, JSON.stringify(picked.metadata));
    form.append(`file${index}`, picked.file, picked.file.name);
  });
  form.append('body', JSON.stringify(body ?? {}));
  return form;
};
