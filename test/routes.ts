import type { FormFailure } from '~/lib/form-result';

/** A route module's loader or action as a test calls it: one request, its params, no context. */
export type Handler = (args: { request: Request; params: Record<string, string>; context: unknown }) => Promise<unknown>;

/** What an action's `data(failure, { status })` hands a test. */
export type Failure = { data: FormFailure; init: { status: number } };

/** Calls a loader or action the way React Router does, with no context. */
export const call = (handler: unknown, request: Request, params: Record<string, string> = {}) => (handler as Handler)({ request, params, context: {} });

/**
 * The HTTP status a loader's or action's outcome answers with: a Response (returned or thrown) carries its
 * own, `data(x, { status })` its init's; anything else returned is 200, anything else thrown 500.
 */
export const statusOf = async (promise: Promise<unknown>) =>
  promise.then(
    (value) => (value instanceof Response ? value.status : ((value as { init?: { status?: number } } | null)?.init?.status ?? 200)),
    (thrown: unknown) => (thrown instanceof Response ? thrown.status : ((thrown as { init?: { status?: number } }).init?.status ?? 500)),
  );
