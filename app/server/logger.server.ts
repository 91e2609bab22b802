import { getEnv } from './env.server';

type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

/**
 * The overlays' token, a credential carried in their URLs' query (decision 0092), never reaches the logs: whatever
 * string is logged — a request's URL, an error's message or stack — has its value replaced. Only the overlays' URLs:
 * without SMTP, the e-mails' links (a confirmation's token) are in the log on purpose (README).
 */
const TOKEN_IN_QUERY = /(\/overlay\/[^?\s"']*\?(?:[^#\s"']*&)?token=)[^&#\s"']*/gi;
export const redactSecrets = (text: string) => text.replace(TOKEN_IN_QUERY, '$1[removido]');

/** One JSON object a line, so logs can be searched by request id, event or user. */
function write(level: Level, event: string, fields: Record<string, unknown> = {}) {
  if (order[level] < order[getEnv().LOG_LEVEL]) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, event, ...fields }, (_key, value: unknown) => {
    if (value instanceof Error) return { name: value.name, message: redactSecrets(value.message), stack: value.stack && redactSecrets(value.stack) };
    return typeof value === 'string' ? redactSecrets(value) : value;
  });
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
}

export const log = {
  debug: (event: string, fields?: Record<string, unknown>) => write('debug', event, fields),
  info: (event: string, fields?: Record<string, unknown>) => write('info', event, fields),
  warn: (event: string, fields?: Record<string, unknown>) => write('warn', event, fields),
  error: (event: string, fields?: Record<string, unknown>) => write('error', event, fields),
};
