import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { outboxEmails } from '~/db/schema';
import { useTestDatabase } from '../../test/db';
import { OUTBOX_RETENTION_DAYS, pruneOutbox, sendEmail } from './email.server';

useTestDatabase();

describe('outbox', () => {
  it('keeps every email it sends for the retention period, then lets it go', async () => {
    await sendEmail({ to: 'antiga@exemplo.com.br', subject: 'Antiga', text: 'Olá' });
    await sendEmail({ to: 'nova@exemplo.com.br', subject: 'Nova', text: 'Olá' });
    await getDb()
      .update(outboxEmails)
      .set({ createdAt: new Date(Date.now() - (OUTBOX_RETENTION_DAYS + 1) * 86_400_000) })
      .where(eq(outboxEmails.to, 'antiga@exemplo.com.br'));
    expect(await pruneOutbox()).toBe(1);
    expect((await getDb().select({ to: outboxEmails.to }).from(outboxEmails)).map((e) => e.to)).toEqual(['nova@exemplo.com.br']);
  });
});
