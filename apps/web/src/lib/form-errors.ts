import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError, isApiError, type ApiErrorCode } from './api';

type CodeHandlers = { [C in ApiErrorCode]?: (e: ApiError) => unknown };

/**
 * The one way a failed save reaches a form, by the API error's `code` (API.md §Conventions):
 * a VALIDATION error's `fields` go under the form's fields of the same name (the server checks the
 * same shared schemas), then the handler for the error's code runs, or `otherwise` when there is none.
 */
export async function handleFormError<T extends FieldValues>(
  e: unknown,
  setError: UseFormSetError<T>,
  handlers: CodeHandlers & { otherwise: (e: unknown) => unknown },
): Promise<void> {
  if (isApiError(e, 'VALIDATION')) for (const [name, message] of Object.entries(e.fields)) setError(name as FieldPath<T>, { message });
  const handler = e instanceof ApiError ? handlers[e.code as ApiErrorCode] : undefined;
  await (handler ? handler(e as ApiError) : handlers.otherwise(e));
}
