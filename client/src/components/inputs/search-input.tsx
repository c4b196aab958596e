import { TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { Icon } from '../icons';

/** How long typing pauses before a search is made: one call per word, not per key. */
export const SEARCH_DEBOUNCE_MS = 300;

type TSearchInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> & {
  /** The search in force (e.g. from the URL), shown at first. */
  initialValue?: string;
  /** Called with the trimmed text once typing pauses. */
  onSearch: (q: string) => void;
};

/** "Cerca" with the search icon: shows every key at once, searches once typing pauses. */
export const SearchInput = ({ initialValue = '', onSearch, label = 'Cerca', ...props }: TSearchInputProps) => {
  const [text, setText] = useState(initialValue);
  const commit = useDebouncedCallback((q: string) => onSearch(q.trim()), SEARCH_DEBOUNCE_MS);
  return (
    <TextInput
      label={label}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      leftSection={<Icon name="search" size={16} />}
      size="sm"
      {...props}
    />
  );
};
