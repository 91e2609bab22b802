import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { getDb } from '~/db/client.server';
import { jobs, outboxEmails } from '~/db/schema';
import { changePassword } from '~/features/accounts/mutations.server';
import { runJobsOnce } from '~/server/jobs.server';
import { useTestDatabase } from '../../test/db';
import { withEnv } from '../../test/env';
import { createUser, formRequest, getRequest, testViewer } from '../../test/factories';
import { action } from './auth.redefinir-senha';
import { routeArgs } from '../../test/routes';

const sent = vi.hoisted(() => [] as { to: string; text: string; html?: string | null }[]);
vi.mock('~/integrations/email/smtp.server', () => ({
  sendSmtp: async (_url: string, email: { to: string; text: string; html?: string | null }) => {
    sent.push(email);
  },
}));

useTestDatabase();

type Args = Parameters<typeof action>[0];
const run = (request: Request) => action(routeArgs(request) as unknown as Args);

async function settle(result: unknown): Promise<{ status: number; body: any; headers: Headers }> {
  if (result instanceof Response) return { status: result.status, body: null, headers: result.headers };
  if (result && typeof result === 'object' && 'init' in result) {
    const d = result as { data: unknown; init?: ResponseInit | null };
    return { status: d.init?.status ?? 200, body: d.data, headers: new Headers(d.init?.headers) };
  }
  return { status: 200, body: result, headers: new Headers() };
}

const tokensSentTo = async (to: string) =>
  (await getDb().select().from(outboxEmails).where(eq(outboxEmails.to, to))).flatMap((e) => /redefinir-senha\?token=([\w-]+)/.exec(e.text)?.[1] ?? []);

const ask = (email: string, ip = '203.0.113.7') => run(formRequest('/auth/redefinir-senha', { email }, { ip }));
const reset = (token: string, password: string) => run(formRequest('/auth/redefinir-senha', { token, password }));

describe('password reset', () => {
  it('ends every earlier link of the reader once one of them is used', async () => {
    const user = await createUser({ verified: true });
    await ask(user.email);
    await ask(user.email);
    const [first, second] = await tokensSentTo(user.email);
    expect(first && second && first !== second).toBe(true);
    expect((await settle(await reset(second as string, 'uma-senha-nova-1'))).status).toBe(302);
    const reused = await settle(await reset(first as string, 'outra-senha-nova-2'));
    expect(reused.status).toBe(400);
    expect(reused.body.formError ?? Object.values(reused.body.fieldErrors).join(' ')).toMatch(/link|expir|inválid/i);
  });

  it('ends every link of the reader when the password is changed', async () => {
    const user = await createUser({ verified: true });
    await ask(user.email);
    const [token] = await tokensSentTo(user.email);
    await changePassword(testViewer(user), getRequest('/configuracoes/conta', user.cookie), {
      currentPassword: user.password,
      newPassword: 'trocada-pelo-leitor-9',
    });
    expect((await settle(await reset(token as string, 'do-atacante-123'))).status).toBe(400);
  });

  it('sends at most the address’s budget of e-mails, answering every request the same', async () => {
    const user = await createUser({ verified: true });
    await getDb().delete(outboxEmails);
    const answers = new Set<string>();
    for (let i = 0; i < 7; i++) answers.add(JSON.stringify((await settle(await ask(user.email, `198.51.100.${i}`))).body));
    expect(answers.size).toBe(1);
    // Five a hour to one address, and the sign-up's confirmation e-mail already spent one.
    expect((await tokensSentTo(user.email)).length).toBe(4);
  });

  it('limits requests per IP with 429 and Retry-After, keeping the e-mail typed', async () => {
    await withEnv({ RATE_LIMIT_SIGNUP_IP_PER_5_MINUTES: '2' }, async () => {
      await ask('a@exemplo.com.br', '198.51.100.77');
      await ask('b@exemplo.com.br', '198.51.100.77');
      const refused = await settle(await ask('c@exemplo.com.br', '198.51.100.77'));
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(refused.body.fields.email).toBe('c@exemplo.com.br');
    });
  });

  it('with SMTP configured, keeps the link out of the outbox, the log and the job, and still delivers it', async () => {
    const user = await createUser({ verified: true });
    const logged: string[] = [];
    const spies = [vi.spyOn(process.stdout, 'write'), vi.spyOn(process.stderr, 'write')].map((spy) =>
      spy.mockImplementation((chunk: string | Uint8Array) => {
        logged.push(String(chunk));
        return true;
      }),
    );
    try {
      await withEnv({ SMTP_URL: 'smtp://smtp.exemplo.com.br:587', LOG_LEVEL: 'debug' }, async () => {
        await getDb().delete(outboxEmails);
        await ask(user.email);
        const [kept] = await getDb().select().from(outboxEmails).where(eq(outboxEmails.to, user.email));
        expect(kept?.text).toContain('[link pessoal omitido do registro]');
        expect(kept?.text).not.toMatch(/token=/);
        expect(kept?.html ?? '').not.toMatch(/token=/);
        const queued = await getDb().select({ payload: jobs.payload }).from(jobs).where(eq(jobs.kind, 'email.deliver'));
        expect(JSON.stringify(queued)).not.toMatch(/token/);
        await runJobsOnce('test');
      });
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(logged.join('')).not.toMatch(/token=/);
    const delivered = sent.find((email) => email.to === user.email);
    expect(delivered?.text).toMatch(/\/auth\/redefinir-senha\?token=[\w-]+/);
    expect(delivered?.html ?? '').toMatch(/\/auth\/redefinir-senha\?token=[\w-]+/);
  });
});
