import { Button, Group, Input, Paper, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { FileUploadField } from '../files/file-upload-field';
import type { TUploadOptions } from '../files/files-api';
import { fileIdOfPath } from './questionnaire-values';

/** Where a file question's file is uploaded: the caller's own documents (`POST /api/docs/upload`) unless told. */
export type TFileUploadTarget = Omit<TUploadOptions, 'signal' | 'onProgress'>;

type TFileAnswerFieldProps = {
  label: string;
  description?: string;
  error?: string;
  withAsterisk: boolean;
  disabled?: boolean;
  /** The file's id (uuid), or null. */
  value: string | null;
  onChange: (fileId: string | null) => void;
  upload?: TFileUploadTarget;
};

/**
 * A file question: the app's picker uploads the file at once (progress and abort included) and the answer is the
 * stored file's id. Once attached, the file's name (or «File allegato» for one attached earlier) and «Rimuovi».
 */
export const FileAnswerField = ({ label, description, error, withAsterisk, disabled, value, onChange, upload }: TFileAnswerFieldProps) => {
  const id = useId();
  const [name, setName] = useState<{ id: string; name: string } | null>(null);
  const shownName = value && name?.id === value ? name.name : 'File allegato';
  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: `${id}-label` }}
      description={description}
      descriptionProps={{ id: `${id}-description` }}
      error={error}
      errorProps={{ id: `${id}-error` }}
      withAsterisk={withAsterisk}
      size="md"
    >
      <div role="group" aria-labelledby={`${id}-label`} aria-describedby={[description ? `${id}-description` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined} style={{ marginTop: 4 }}>
        {value ? (
          <Paper withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm" truncate="end" style={{ minWidth: 0 }}>
                {shownName}
              </Text>
              <Button variant="subtle" color="red" size="compact-sm" disabled={disabled} onClick={() => onChange(null)} aria-label={`Rimuovi il file di «${label}»`}>
                Rimuovi
              </Button>
            </Group>
          </Paper>
        ) : (
          <FileUploadField
            upload={upload}
            disabled={disabled}
            label="Seleziona file"
            inputLabel={label}
            onUploaded={(files) => {
              const file = files[0];
              const fileId = file ? fileIdOfPath(file.path) : null;
              if (!file || !fileId) return;
              setName({ id: fileId, name: file.name });
              onChange(fileId);
            }}
          />
        )}
      </div>
    </Input.Wrapper>
  );
};
