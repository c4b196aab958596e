import { Button, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { FileIcon } from './file-icons';
import { browserImageReader, buildPickedFile, type TPickedFile } from './picked-file';

/** Spec section 9: the drop zone stays highlighted 1500 ms after a drop. */
export const DROP_HIGHLIGHT_MS = 1500;

type TFilePickerProps = {
  onPick: (files: TPickedFile[]) => void;
  multiple?: boolean;
  /** The input's accept list (a hint only: the server checks the content). */
  accept?: string;
  disabled?: boolean;
  /** Button label; 'Seleziona file' by default (spec section 9). */
  label?: string;
  /** The metadata type of the picked files (spec section 3). */
  type?: string;
  /** Text of the drop zone. */
  hint?: string;
  /** Accessible name of the hidden input (several pickers on one page). */
  inputLabel?: string;
};

/** 'Seleziona file' plus a drag-and-drop zone; hands over the picked-file records of spec section 3. */
export const FilePicker = ({ onPick, multiple = false, accept, disabled = false, label = 'Seleziona file', type, hint, inputLabel }: TFilePickerProps) => {
  const inputRef = useRef<HTMLInputElement>(null);
  const [isHighlighted, setIsHighlighted] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const pick = async (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    if (chosen.length === 0 || disabled) return;
    const records = await Promise.all((multiple ? chosen : chosen.slice(0, 1)).map((file) => buildPickedFile(file, browserImageReader, { type })));
    onPick(records);
  };

  const highlight = (isOn: boolean, holdMs = 0) => {
    window.clearTimeout(timer.current);
    if (holdMs > 0) {
      setIsHighlighted(true);
      timer.current = window.setTimeout(() => setIsHighlighted(false), holdMs);
      return;
    }
    setIsHighlighted(isOn);
  };

  const handleDrag = (event: DragEvent<HTMLDivElement>) => {
    if (disabled || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    highlight(true);
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid="file-drop-zone"
      data-highlighted={isHighlighted || undefined}
      onDragEnter={handleDrag}
      onDragOver={handleDrag}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) highlight(false);
      }}
      onDrop={(event) => {
        if (disabled) return;
        event.preventDefault();
        highlight(true, DROP_HIGHLIGHT_MS);
        void pick(event.dataTransfer.files);
      }}
      style={{
        borderStyle: 'dashed',
        borderColor: isHighlighted ? 'var(--mantine-primary-color-filled)' : undefined,
        background: isHighlighted ? 'var(--mantine-primary-color-light)' : undefined,
        transition: 'background 150ms, border-color 150ms',
      }}
    >
      <Stack align="center" gap={6}>
        <Text size="sm" c="dimmed" ta="center">
          {hint ?? (multiple ? 'Trascina qui i file oppure' : 'Trascina qui il file oppure')}
        </Text>
        <Button variant="light" leftSection={<FileIcon name="upload" size={16} />} onClick={() => inputRef.current?.click()} disabled={disabled}>
          {label}
        </Button>
      </Stack>
      <input
        ref={inputRef}
        type="file"
        hidden
        multiple={multiple}
        accept={accept}
        aria-label={inputLabel ?? label}
        data-testid="file-input"
        onChange={(event) => {
          void pick(event.currentTarget.files);
          event.currentTarget.value = '';
        }}
      />
    </Paper>
  );
};
