import { Checkbox } from '@mantine/core';
import type { TCornerDocs } from '../../../../../../shared/schemas/general-settings';
import { DocListEditor } from '../../../../components/doc-list-editor';

type TCornerDocsEditorProps = {
  title: string;
  description: string;
  docs: TCornerDocs;
  onChange: (docs: TCornerDocs) => void;
  /** The message on a field, by its path inside the list ('0.key', '' for the list as a whole). */
  errorAt: (path: string) => string | undefined;
  disabled: boolean;
};

/** The documents of a corner's own file (`profileDocs`, `otherDocs`): code, name, required, signed on the platform. */
export const CornerDocsEditor = ({ title, description, docs, onChange, errorAt, disabled }: TCornerDocsEditorProps) => (
  <DocListEditor
    title={title}
    description={description}
    docs={docs}
    onChange={onChange}
    fields={{ code: 'key', name: 'name' }}
    errorAt={errorAt}
    disabled={disabled}
    newDoc={() => ({ key: '', name: '', required: false })}
    // Only a required document is signed on the platform.
    onRequired={(required) => (required ? {} : { sign: false })}
    extra={(doc, edit) => (
      <Checkbox
        label="Da firmare con OTP"
        checked={doc.sign ?? false}
        onChange={(event) => edit({ sign: event.currentTarget.checked })}
        disabled={disabled || !doc.required}
        mt={{ base: 0, xs: 32 }}
      />
    )}
    addAriaLabel={`Aggiungi documento: ${title}`}
  />
);
