import type { TRcaDocs } from '../../../../../../shared/practices/rca-settings';
import { DocListEditor } from '../../../../components/doc-list-editor';

type TDocsEditorProps = {
  docs: TRcaDocs;
  onChange: (docs: TRcaDocs) => void;
  /** The message on a field, by its path inside the list ('0.docType', '' for the list as a whole). */
  errorAt: (path: string) => string | undefined;
  disabled: boolean;
};

/** The documents a sector's request (or an offer) asks for: code, name and whether it is required; add and remove. */
export const DocsEditor = ({ docs, onChange, errorAt, disabled }: TDocsEditorProps) => (
  <DocListEditor
    title="Documenti richiesti"
    description="Il codice è quello con cui il documento si carica sulla pratica; i documenti obbligatori sono segnalati al corner finché mancano."
    docs={docs}
    onChange={onChange}
    fields={{ code: 'docType', name: 'label' }}
    errorAt={errorAt}
    disabled={disabled}
    newDoc={() => ({ docType: '', label: '', required: true })}
  />
);
