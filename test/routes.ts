import type { FormFailure } from '~/lib/form-result';

/** A route module's loader or action as a test calls it: one request, its params, no context. */
export type Handler = (args: { request: Request; params: Record<string, string>; context: unknown }) => Promise<unknown>;

/** What an action's `data(failure, { status })` hands a test. */
export type Failure = { data: FormFailure; init: { status: number } };
