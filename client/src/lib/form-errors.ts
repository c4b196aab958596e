import { ApiError } from './api-error';
import { describeError, type TErrorDisplay } from './api-error-display';
import { fromTrpcError } from './trpc-error';

type TFormLike = {
  getValues: () => object;
  setErrors: (errors: Record<string, string>) => void;
};

/**
 * Puts the server's per-field messages under the matching inputs of a Mantine form (server keys such as
 * `vat` or `confirmPassword` are the form's own keys) and returns what is left to show above the form.
 */
export const applyServerError = (form: TFormLike, caught: unknown): TErrorDisplay | null => {
  const error = fromTrpcError(caught);
  if (!(error instanceof ApiError) || !error.hasFields) return describeError(error);
  const formKeys = new Set(Object.keys(form.getValues()));
  const inline: Record<string, string> = {};
  const rest: string[] = [];
  for (const [path, messages] of Object.entries(error.fields)) {
    const root = path.split('.')[0] ?? path;
    if (formKeys.has(root)) inline[path] = messages.join('\n');
    else rest.push(messages.join('\n'));
  }
  form.setErrors(inline);
  return rest.length > 0 ? { kind: error.type === 'warn' ? 'warn' : 'error', messages: rest } : null;
};
