import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/db/client.server';
import { authAccounts } from '~/db/schema';
import { useTestDatabase } from '../../../test/db';
import { createUser, testViewer } from '../../../test/factories';
import { getAccountSettings } from './queries.server';

useTestDatabase();

describe('account settings', () => {
  it('tells the password apart from the linked providers, and sees a reader without any method', async () => {
    const user = await createUser();
    expect(await getAccountSettings(testViewer(user))).toMatchObject({ username: user.username, email: user.email, hasPassword: true, providers: [] });

    await getDb()
      .insert(authAccounts)
      .values([
        { id: `tw-${user.id}`, userId: user.id, accountId: 'twitch-1', providerId: 'twitch' },
        { id: `go-${user.id}`, userId: user.id, accountId: 'google-1', providerId: 'google' },
      ]);
    expect(await getAccountSettings(testViewer(user))).toMatchObject({ hasPassword: true, providers: ['google', 'twitch'] });

    await getDb().delete(authAccounts).where(eq(authAccounts.userId, user.id));
    expect(await getAccountSettings(testViewer(user))).toMatchObject({ hasPassword: false, providers: [] });
  });

  it('answers null for a reader who no longer exists', async () => {
    const user = await createUser();
    expect(await getAccountSettings({ ...testViewer(user), id: 'gone' })).toBeNull();
  });
});
