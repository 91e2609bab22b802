import { RouterContextProvider } from 'react-router';
import type { FormFailure } from '~/lib/form-result';
import { provideViewer } from '~/server/viewer.server';

/** A route module's loader or action as a test calls it: one request, its params, its context. */
export type Handler = (args: { request: Request; params: Record<string, string>; context: RouterContextProvider }) => Promise<unknown>;

/** What an action's `data(failure, { status })` hands a test. */
export type Failure = { data: FormFailure; init: { status: number } };

/**
 * The request context React Router builds for a request, as the root middleware leaves it for the loaders and
 * actions. One request object stands for one HTTP request: calls with the same one share its context, so a
 * test sees what the server does (the root loader and the page's loader read the viewer once).
 */
const contexts = new WeakMap<Request, RouterContextProvider>();
export function contextFor(request: Request): RouterContextProvider {
  let context = contexts.get(request);
  if (!context) {
    context = new RouterContextProvider();
    provideViewer(context);
    contexts.set(request, context);
  }
  return context;
}

/** A loader's or action's arguments for a request, as React Router hands them after the root middleware. */
export const routeArgs = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: contextFor(request) });

/** Calls a loader or action the way React Router does, with the request's context. */
export const call = (handler: unknown, request: Request, params: Record<string, string> = {}) => (handler as Handler)(routeArgs(request, params));

/**
 * The HTTP status a loader's or action's outcome answers with: a Response (returned or thrown) carries its
 * own, `data(x, { status })` its init's; anything else returned is 200, anything else thrown 500.
 */
export const statusOf = async (promise: Promise<unknown>) =>
  promise.then(
    (value) => (value instanceof Response ? value.status : ((value as { init?: { status?: number } } | null)?.init?.status ?? 200)),
    (thrown: unknown) => (thrown instanceof Response ? thrown.status : ((thrown as { init?: { status?: number } }).init?.status ?? 500)),
  );

/** A route's answer as the authorization matrices write it: a redirect to sign in is `'entrar'`, anything else its status. */
export type Outcome = 'entrar' | number;

export const outcomeOf = async (work: Promise<unknown>): Promise<Outcome> => {
  const status = await statusOf(work);
  return status === 302 ? 'entrar' : status;
};

/**
 * Every role's outcome for one request, asked one role at a time: an action changes only its own actor's standing,
 * so one cast serves every row.
 */
export async function matrixOf<Who extends string>(roles: readonly Who[], run: (who: Who) => Promise<unknown>): Promise<Record<Who, Outcome>> {
  const seen = {} as Record<Who, Outcome>;
  for (const who of roles) seen[who] = await outcomeOf(run(who));
  return seen;
}
