import { TextInput, type TextInputProps } from '@mantine/core';

/** The e-mail input of every account form: phone keyboards show "@", no capitalisation or spell check. */
export const EmailField = (props: TextInputProps) => (
  <TextInput label="Email" type="email" inputMode="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...props} />
);
