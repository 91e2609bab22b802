import { eq } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { users } from '~/db/schema';
import type { Role, Viewer } from '~/server/viewer.server';
import { getAuth } from './auth.server';

/** Every demo account signs in with this password (README, `npm run demo`). */
export const DEMO_PASSWORD = 'maratona-demo-2026';

/** A demo account; `pronouns` and `bio` fill its profile. */
export type DemoAccount = { username: string; name: string; email: string; role: Role; pronouns?: string; bio?: string };

/**
 * Creates the demo accounts that are missing — signed up with the demo password, as an adult — and confirms
 * every one's e-mail and role. Pronouns and bio are written when the account is created, so what someone
 * trying the demo edits on a profile survives the next seed. Answers the accounts' ids by username.
 */
export async function seedDemoAccounts(accounts: readonly DemoAccount[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const account of accounts) {
    const [existing] = await getDb().select({ id: users.id }).from(users).where(eq(users.username, account.username));
    let id = existing?.id;
    if (!id) {
      const { user } = await getAuth().api.signUpEmail({
        body: { email: account.email, password: DEMO_PASSWORD, name: account.name, username: account.username, birthDate: '1992-07-15' },
      });
      id = user.id;
      await getDb()
        .update(users)
        .set({ pronouns: account.pronouns ?? null, bio: account.bio ?? null })
        .where(eq(users.id, id));
    }
    await getDb().update(users).set({ role: account.role, emailVerified: true }).where(eq(users.id, id));
    ids.set(account.username, id);
  }
  return ids;
}

/** A demo reader as the seed acts for them, through the same data functions a signed-in reader's forms call. */
export function demoViewer(reader: { id: string; username: string; name: string }): Viewer {
  return {
    id: reader.id,
    role: 'reader',
    username: reader.username,
    name: reader.name,
    image: null,
    emailVerified: true,
    sessionId: 'seed',
    unreadNotifications: 0,
    unreadWhispers: 0,
  };
}
