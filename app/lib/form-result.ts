/** The shape actions answer with, shared by server actions and the forms that show the result. */
export type FormFailure = { formError?: string | undefined; fieldErrors: Record<string, string>; fields: Record<string, string> };
export type FormSuccess = { success: string };
export type FormResult = FormFailure | FormSuccess;

export function isFailure(result: unknown): result is FormFailure {
  return typeof result === 'object' && result !== null && 'fieldErrors' in result;
}

export function isSuccess(result: unknown): result is FormSuccess {
  return typeof result === 'object' && result !== null && 'success' in result;
}

export const fieldError = (result: unknown, name: string) => (isFailure(result) ? result.fieldErrors[name] : undefined);

/** What the reader typed last time, so a failed submission never loses it. */
export const typed = (result: unknown, name: string, fallback = '') => (isFailure(result) ? (result.fields[name] ?? fallback) : fallback);
