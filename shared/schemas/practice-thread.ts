import { z } from 'zod';
import { CHAT_MSG } from '../chat-messages';
import { CHAT_TEXT_MAX, ZChatMessage, ZMessageId } from './chat';
import { zText } from './common';
import { ZFileItem } from './files';
import { ZSectorSlug } from './sectors';

/** Italian texts of a practice's conversation. */
export const PRACTICE_THREAD_MSG = {
  messageNotFound: 'Messaggio non trovato in questa conversazione.',
  fileNotInMessage: 'Il file non fa parte di questo messaggio.',
  fileInvalid: 'File non valido.',
  docTypeInvalid: 'Tipo di documento non valido.',
} as const;

const ZPracticeId = z.guid({ error: 'Pratica non valida.' });

/** `practices.thread.list({sector, id, before?})`: the practice's messages, newest page, older ones with `before`. */
export const ZPracticeThreadQuery = z.object({ sector: ZSectorSlug, id: ZPracticeId, before: ZMessageId.optional() });
export type TPracticeThreadQuery = z.infer<typeof ZPracticeThreadQuery>;

/** `GET /api/practices/:sector/:id/thread/:messageId`: one message of the conversation. */
export const ZPracticeThreadMessageIdInput = z.object({ sector: ZSectorSlug, id: ZPracticeId, messageId: ZMessageId });
export type TPracticeThreadMessageIdInput = z.infer<typeof ZPracticeThreadMessageIdInput>;

/** A message of a practice's conversation: a chat message of the corner's sector room, tagged with the practice. */
export const ZPracticeThreadMessage = ZChatMessage.extend({ practiceId: z.string().nullable() });
export type TPracticeThreadMessage = z.infer<typeof ZPracticeThreadMessage>;

/**
 * The conversation: the chat room it lives in (the practice's corner with the sector's brokers; null until the
 * first message), its messages oldest first, and whether older ones exist.
 */
export const ZPracticeThread = z.object({ roomId: z.string().nullable(), messages: z.array(ZPracticeThreadMessage), hasMore: z.boolean() });
export type TPracticeThread = z.infer<typeof ZPracticeThread>;

export const ZPracticeThreadSend = z.object({
  sector: ZSectorSlug,
  id: ZPracticeId,
  text: zText({ error: CHAT_MSG.textRequired })
    .trim()
    .min(1, { error: CHAT_MSG.textRequired })
    .max(CHAT_TEXT_MAX, { error: CHAT_MSG.textTooLong }),
});
export type TPracticeThreadSend = z.infer<typeof ZPracticeThreadSend>;

/**
 * `practices.thread.fileToPractice`: files a chat attachment (`fileId`: the file's path `files/<id>` or its id) of a
 * message of the practice's conversation (or of its room) into the practice's documents.
 */
export const ZPracticeFileFromChat = z.object({
  sector: ZSectorSlug,
  id: ZPracticeId,
  messageId: ZMessageId,
  fileId: zText({ error: PRACTICE_THREAD_MSG.fileInvalid })
    .trim()
    .regex(/^(files\/)?[0-9a-f-]{36}$/i, { error: PRACTICE_THREAD_MSG.fileInvalid }),
  /** The document type in the practice (e.g. a docType of rcaDocs); the attachment's own by default. */
  docType: zText({ error: PRACTICE_THREAD_MSG.docTypeInvalid }).trim().min(1).max(60).regex(/^[A-Za-z0-9_-]+$/, { error: PRACTICE_THREAD_MSG.docTypeInvalid }).optional(),
});
export type TPracticeFileFromChat = z.infer<typeof ZPracticeFileFromChat>;

export const ZPracticeFiledDocument = ZFileItem;
