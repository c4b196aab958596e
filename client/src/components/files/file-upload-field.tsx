import { Stack } from '@mantine/core';
import { useState } from 'react';
import type { TFileItem } from '../../../../shared/schemas/files';
import { toast } from '../../lib/toast';
import type { TUploadOptions } from './files-api';
import { FilePicker } from './file-picker';
import type { TPickedFile } from './picked-file';
import { UploadProgress } from './upload-progress';
import { useUpload } from './use-upload';

type TFileUploadFieldProps = {
  /** Where and how to upload (endpoint, query such as docType, body). */
  upload?: Omit<TUploadOptions, 'signal' | 'onProgress'>;
  /** After the server stored the files; answer a promise to keep the field busy until it settles. */
  onUploaded: (files: TFileItem[]) => void | Promise<void>;
  multiple?: boolean;
  accept?: string;
  label?: string;
  hint?: string;
  inputLabel?: string;
  disabled?: boolean;
};

/** A picker that uploads what is picked at once, showing the progress bar with an abort. */
export const FileUploadField = ({ upload: options, onUploaded, multiple, accept, label, hint, inputLabel, disabled }: TFileUploadFieldProps) => {
  const { upload, abort, progress, isUploading } = useUpload();
  const [name, setName] = useState<string | undefined>();
  const handlePick = async (files: TPickedFile[]) => {
    setName(files.length === 1 ? files[0]!.metadata.name : `${files.length} file`);
    const answer = await upload(files, options);
    if (!answer) return;
    toast('success', answer.message);
    await onUploaded(answer.files);
  };
  return (
    <Stack gap="xs">
      <FilePicker
        onPick={(files) => void handlePick(files)}
        multiple={multiple}
        accept={accept}
        label={label}
        hint={hint}
        inputLabel={inputLabel}
        disabled={disabled || isUploading}
      />
      {progress !== null && <UploadProgress progress={progress} onAbort={abort} name={name} />}
    </Stack>
  );
};
