import { resetEnvForTests } from '~/server/env.server';

/** Runs `work` with these environment variables set (a limit lowered, SMTP configured…), then takes them away. */
export async function withEnv<T>(vars: Record<string, string>, work: () => Promise<T>): Promise<T> {
  Object.assign(process.env, vars);
  resetEnvForTests();
  try {
    return await work();
  } finally {
    for (const key of Object.keys(vars)) delete process.env[key];
    resetEnvForTests();
  }
}
