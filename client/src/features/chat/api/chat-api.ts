import { http } from '../../../lib/http';
import type { TJson } from '../../../../../shared/realtime';
import type { TChatMessage } from '../chat-types';

/** Without its extension: the picked-file name of spec section 3 (the server puts the type's extension back). */
export const baseName = (fileName: string): string => {
  const dot = fileName.lastIndexOf('.');
  const name = dot > 0 ? fileName.slice(0, dot) : fileName;
  return name.trim() || fileName;
};

/** The multipart form of an upload: file0..N, their metadata m0..N ({name}) and the `body` part. */
export const buildUploadForm = (files: readonly File[], body: { text: string; clientId: string }): FormData => {
  const form = new FormData();
  files.forEach((file, index) => {
    // Metadata first: the server then names the file as it reads it.
    form.append(`m${index}`, JSON.stringify({ name: baseName(file.name) }));
    form.append(`file${index}`, file, file.name);
  });
  form.append('body', JSON.stringify(body));
  return form;
};

/**
 * POST /api/chat/upload?roomId= (multipart over HTTP, for its progress and abort): the files become one message of
 * the room; answers 'File caricato.' and the message, its date made a Date as the router's are.
 */
export const uploadToRoom = async (roomId: string, form: FormData, options: { signal?: AbortSignal; onProgress?: (fraction: number) => void }) => {
  const answer = await http.post<{ message: string; data: TJson<TChatMessage> }>('/api/chat/upload', form, {
    query: { roomId },
    signal: options.signal,
    onUploadProgress: options.onProgress ?? (() => undefined),
  });
  return { message: answer.message, data: { ...answer.data, createdAt: new Date(answer.data.createdAt) } };
};
