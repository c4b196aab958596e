import { http } from '../../../lib/http';
import type { TWireMessage, TWirePendingAck, TWireRoom, TWireRoomListItem, TWireRoomSummary, TWireSearchResult, TWireStaffEntry } from '../chat-types';

/** The literal /api/chat calls of spec section 7. */
export const CHAT_QUERY_KEY = ['chat'] as const;
export const chatSearchQueryKey = (name: string) => [...CHAT_QUERY_KEY, 'search', name] as const;
export const CHAT_STAFF_QUERY_KEY = [...CHAT_QUERY_KEY, 'staff'] as const;

export const searchChat = (name: string, signal?: AbortSignal) => http.get<TWireSearchResult>('/api/chat', { query: { name }, signal });

/** The staff contact: a read; its roomId is null until the staff room is opened (openStaffRoom). */
export const fetchStaff = (signal?: AbortSignal) => http.get<TWireStaffEntry[]>('/api/chat/staff', { signal });

/** Opens the caller's staff room, created on the first opening. */
export const openStaffRoom = () => http.post<TWireRoomSummary>('/api/chat/staff/open', {});

/** The caller's rooms with their newest message and what awaits acknowledgement, newest first. */
export const fetchRooms = (signal?: AbortSignal) => http.get<TWireRoomListItem[]>('/api/chat/rooms', { signal });

export const fetchRoom = (roomId: string, before?: string, signal?: AbortSignal) => http.get<TWireRoom>('/api/chat/:roomId', { params: { roomId }, query: { before }, signal });

export const fetchPendingAcks = (signal?: AbortSignal) => http.get<TWirePendingAck[]>('/api/chat/ack', { signal });

/** Opens (creating on first use) the room with a contact found by the search. */
export const openRoomWith = (userId: string) => http.post<TWireRoomSummary>('/api/chat/open', { userId });

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

/** POST /api/chat/upload?roomId=: the files become one message of the room; answers 'File caricato.' and it. */
export const uploadToRoom = (roomId: string, form: FormData, options: { signal?: AbortSignal; onProgress?: (fraction: number) => void }) =>
  http.post<{ message: string; data: TWireMessage }>('/api/chat/upload', form, { query: { roomId }, signal: options.signal, onUploadProgress: options.onProgress ?? (() => undefined) });
