import type { TAnySectorDefinition } from '../../../../shared/practices/definition';
import {
  PRACTICE_THREAD_MSG,
  type TPracticeFileFromChat,
  type TPracticeThread,
  type TPracticeThreadMessage,
  type TPracticeThreadMessageIdInput,
  type TPracticeThreadQuery,
  type TPracticeThreadSend,
} from '../../../../shared/schemas/practice-thread';
import type { TFileItem } from '../../../../shared/schemas/files';
import { SECTORS } from '../../../../shared/sectors';
import { requireActor, type TRequestContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import type { TModuleDeps } from '../../../platform/services';
import type { TReceiveUpload } from '../../chat/chat.service';
import type { TPracticesNeeds } from '../engine/types';
import { PRACTICE_FILE_SUBJECT } from '../documents/documents.service';
import type { TPracticesEngine } from '../engine/engine.service';


/** The broker type whose brokers work a sector (the chat rooms' `sector`). */
const brokerTypeOf = (definition: TAnySectorDefinition): string => SECTORS[definition.sector].brokerType;

/**
 * A practice's conversation (issue 15) inside the chat: the messages about a practice are chat messages tagged
 * with it, in the room of its corner with the brokers of its sector; whoever reaches the practice (its corner, the
 * sector's brokers, admins) reads and writes them. A chat attachment of that room is filed into the practice's
 * documents with one action.
 */
export const createPracticeThread = ({ db }: TModuleDeps, engine: TPracticesEngine, { chat, files }: TPracticesNeeds) => {
  const reachFor = async (ctx: TRequestContext, input: { sector: TPracticeThreadQuery['sector']; id: string }) => {
    const actor = requireActor(ctx);
    const definition = engine.internal.definitionOf(input.sector);
    const practice = await engine.internal.reach(actor, definition, input.id);
    return { actor, definition, practice };
  };

  return {
    /** The conversation's latest messages, oldest first (older ones with `before`). */
    list: async (ctx: TRequestContext, input: TPracticeThreadQuery): Promise<TPracticeThread> => {
      const { actor, definition, practice } = await reachFor(ctx, input);
      return chat.practiceThread(actor, { practiceId: practice.id, cornerId: practice.corner_id, brokerType: brokerTypeOf(definition), before: input.before });
    },

    /** One message of the conversation, for whoever reaches the practice; another practice's answers like a missing one. */
    get: async (ctx: TRequestContext, input: TPracticeThreadMessageIdInput): Promise<TPracticeThreadMessage> => {
      const { actor, practice } = await reachFor(ctx, input);
      const message = await chat.practiceMessage(actor, { practiceId: practice.id, messageId: input.messageId });
      if (!message) throw new AppError('NOT_FOUND', { userMessage: PRACTICE_THREAD_MSG.messageNotFound });
      return message;
    },

    /** Writes in the conversation (the other side hears it as any chat message). */
    send: async (ctx: TRequestContext, input: TPracticeThreadSend): Promise<TPracticeThreadMessage> => {
      const { actor, definition, practice } = await reachFor(ctx, input);
      return chat.postToPractice(actor, { practiceId: practice.id, cornerId: practice.corner_id, brokerType: brokerTypeOf(definition), text: input.text });
    },

    /**
     * Files sent in the conversation (REST multipart, as a chat upload): one message tagged with the practice, its
     * files readable by whoever may read the room. `receive` is the adapter's multipart reader.
     */
    sendUpload: async (ctx: TRequestContext, input: { sector: TPracticeThreadQuery['sector']; id: string }, receive: TReceiveUpload): Promise<TPracticeThreadMessage> => {
      const { definition, practice } = await reachFor(ctx, input);
      return chat.postUploadToPractice(ctx, { practiceId: practice.id, cornerId: practice.corner_id, brokerType: brokerTypeOf(definition) }, receive);
    },

    /**
     * Files an attachment of a message of the conversation (or of the room of the practice's corner with the
     * sector's brokers) into the practice's documents: a copy, with the attachment's name, recorded in the history
     * (`document_added`). The caller must be allowed to add documents to the practice (files subject `practice`).
     */
    fileToPractice: async (ctx: TRequestContext, input: TPracticeFileFromChat): Promise<TFileItem> => {
      const { actor, definition, practice } = await reachFor(ctx, input);
      const message = await chat.findMessageWithRoom(input.messageId);
      const belongs =
        message !== undefined &&
        (message.practice_id === practice.id ||
          (message.room_type === 'broker' && message.room_owner_id === practice.corner_id && message.room_sector === brokerTypeOf(definition)));
      if (!message || !belongs) throw new AppError('NOT_FOUND', { userMessage: PRACTICE_THREAD_MSG.messageNotFound });
      const path = input.fileId.startsWith('files/') ? input.fileId : `files/${input.fileId}`;
      const attached = ((message.upload ?? []) as TFileItem[]).find((file) => file.path === path);
      if (!attached) throw new AppError('NOT_FOUND', { userMessage: PRACTICE_THREAD_MSG.fileNotInMessage });
      // The caller reads the attachment (its room's rules), then writes into the practice (the subject's rules).
      const [entry] = await files.prepareDownload(ctx, [{ path }], { maxFiles: 1, maxBytes: Number.MAX_SAFE_INTEGER });
      const docType = input.docType ?? attached.docType ?? 'chat';
      const batch = await files.beginUpload(ctx, { subject: { type: PRACTICE_FILE_SUBJECT, id: practice.id }, docType });
      let item: TFileItem;
      try {
        await batch.add(files.openContent(entry!.row), '0', { name: attached.name, docType });
        [item] = (await batch.commit()) as [TFileItem];
      } catch (error) {
        await batch.abort();
        throw error;
      }
      // As the documents part records an upload, with the message the file came from.
      const payload = { files: [{ path: item.path, name: item.name, docType: item.docType }], fromMessageId: String(message.id) };
      await db.transaction().execute((trx) =>
        engine.internal.appendEvent(trx, { practiceId: practice.id, actorId: actor.userId, impersonatorId: actor.impersonatorId, kind: 'document_added', payload }),
      );
      engine.internal.committed({
        kind: 'document_added',
        actor,
        definition,
        practice: await engine.internal.reread(definition.sector, practice.id),
        payload: { files: [item.path], fromMessageId: String(message.id) },
      });
      return item;
    },
  };
};
