import { CLIENT_FILE_SUBJECT } from '../../../shared/schemas/client-gdpr';
import type { TFileItem } from '../../../shared/schemas/files';
import type { TActor, TRequestContext } from '../../platform/context';
import { requireActor } from '../../platform/context';
import type { TDb } from '../../db/database';
import type { TFilesService } from '../files/files.service';
import { bookOf, clientNotFound } from './clients.access';
import * as repo from './clients.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether the actor reaches this live client: a corner its own book, an admin every corner's; a broker none yet
 * (the practice issues add the clients of their sector's practices).
 */
export const reachesClient = async (db: TDb, actor: TActor, id: string): Promise<boolean> => {
  if (!UUID.test(id) || actor.role === 'broker') return false;
  return (await repo.findClient(db, id, actor.role === 'admin' ? null : actor.userId)) !== undefined;
};

/**
 * A client's documents (identity document, tax code card, other) are files of the files module attached to the
 * client (subject 'client'): whoever reaches the client reads, uploads, renames and deletes them. Uploads go through
 * POST /api/docs/upload?subjectType=client&subjectId=<id>&docType=<type>; rename and delete through files.rename
 * and files.delete.
 */
export const createClientsDocuments = ({ db }: { db: TDb }, files: TFilesService) => {
  files.registerSubject(CLIENT_FILE_SUBJECT, {
    canRead: (actor, id) => reachesClient(db, actor, id),
    canWrite: (actor, id) => reachesClient(db, actor, id),
  });
  return {
    /** The client's documents, oldest first, each with its docType; another corner's client answers like a missing one. */
    list: async (ctx: TRequestContext, clientId: string): Promise<TFileItem[]> => {
      const actor = requireActor(ctx);
      const client = await repo.findClient(db, clientId, bookOf(actor));
      if (!client) throw clientNotFound();
      return files.listSubject(ctx, CLIENT_FILE_SUBJECT, client.id);
    },
  };
};
