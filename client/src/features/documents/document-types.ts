import { CONTRACT_DOC_TYPES } from '../../../../shared/schemas/contract';
import type { TFileItem } from '../../../../shared/schemas/files';

/** The corner's own profile documents (docType of the upload), in the order the page shows them. */
export const PROFILE_DOCUMENTS = [
  {
    docType: 'identity-document',
    title: 'Documento d’identità',
    description: 'Carta d’identità, passaporto o patente in corso di validità, fronte e retro.',
    archive: 'documento-identita',
  },
  {
    docType: 'tax-code-card',
    title: 'Tessera del codice fiscale',
    description: 'La tessera sanitaria o il certificato di attribuzione del codice fiscale.',
    archive: 'codice-fiscale',
  },
  {
    docType: 'rui-registration',
    title: 'Iscrizione al RUI',
    description:
      'Visura dell’iscrizione al Registro Unico degli Intermediari (IVASS). Serve per i livelli Silver e Gold, che comprendono i settori assicurativi; per il livello Bronze (solo luce e gas, GPL e altre utenze) è facoltativa.',
    archive: 'iscrizione-rui',
  },
] as const;

export type TProfileDocument = (typeof PROFILE_DOCUMENTS)[number];

const PROFILE_TYPES = new Set<string>(PROFILE_DOCUMENTS.map((doc) => doc.docType));
const CONTRACT_TYPES = new Set<string>([CONTRACT_DOC_TYPES.generated, CONTRACT_DOC_TYPES.signed]);

/** The files of one profile document, newest first (the list already is). */
export const filesOfType = (files: readonly TFileItem[], docType: string): TFileItem[] => files.filter((file) => file.docType === docType);

/** 'Altri documenti': what is neither a profile document nor the caller's own contract. */
export const otherDocuments = (files: readonly TFileItem[]): TFileItem[] =>
  files.filter((file) => !(file.docType && (PROFILE_TYPES.has(file.docType) || CONTRACT_TYPES.has(file.docType))));

/** One page of a list shown page by page (kept in lib, beside the hook that pages a list in memory). */
export { pageOf } from '../../lib/use-page-slice';
