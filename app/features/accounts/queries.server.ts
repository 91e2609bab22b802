import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { getDb } from '~/db/client.server';
import { authAccounts, usernameRedirects, users } from '~/db/schema';
import type { Viewer } from '~/server/viewer.server';
import { effectiveWhisperAudience } from '~/features/whispers/policy';
import { isMinor } from './validation';
import type { AccountSettings, ResolvedUsername, SignUpStep } from './types';

/**
 * The one username resolver every route that takes a username uses: the current owner, or, for a name
 * changed less than 30 days ago, where it moved to.
 */
export async function resolveUsername(raw: string): Promise<ResolvedUsername | null> {
  const username = raw.toLowerCase();
  const [user] = await getDb().select({ id: users.id, username: users.username }).from(users).where(eq(users.username, username)).limit(1);
  if (user?.username) return { userId: user.id, username: user.username, movedFrom: null };
  const [moved] = await getDb()
    .select({ userId: usernameRedirects.userId, username: users.username })
    .from(usernameRedirects)
    .innerJoin(users, eq(users.id, usernameRedirects.userId))
    .where(and(eq(usernameRedirects.oldUsername, username), gt(usernameRedirects.expiresAt, new Date())))
    .limit(1);
  return moved?.username ? { userId: moved.userId, username: moved.username, movedFrom: username } : null;
}

export async function getAccountSettings(viewer: Viewer): Promise<AccountSettings | null> {
  // One round trip: the sign-in methods ride along as an array instead of a second query.
  const [user] = await getDb()
    .select({
      name: users.name,
      username: users.username,
      email: users.email,
      emailVerified: users.emailVerified,
      image: users.image,
      pronouns: users.pronouns,
      bio: users.bio,
      links: users.links,
      profileVisibility: users.profileVisibility,
      showCurrentlyReading: users.showCurrentlyReading,
      whisperAudience: users.whisperAudience,
      birthDate: users.birthDate,
      // Spelled out: inside a one-table select, drizzle would print both columns unqualified.
      methods: sql<string[]>`coalesce((SELECT array_agg(a.provider_id ORDER BY a.provider_id) FROM auth_accounts a WHERE a.user_id = users.id), '{}')`,
    })
    .from(users)
    .where(eq(users.id, viewer.id));
  if (!user) return null;
  return {
    name: user.name,
    username: user.username ?? '',
    email: user.email,
    emailVerified: user.emailVerified,
    image: user.image,
    pronouns: user.pronouns ?? '',
    bio: user.bio ?? '',
    links: user.links,
    profileVisibility: user.profileVisibility,
    showCurrentlyReading: user.showCurrentlyReading,
    whisperAudience: effectiveWhisperAudience(user.whisperAudience, isMinor(user.birthDate)),
    minor: isMinor(user.birthDate),
    hasPassword: user.methods.includes('credential'),
    providers: user.methods.filter((p) => p !== 'credential'),
  };
}

/** The account of a reader who came through a provider and has not finished signing up, or null. */
export async function getSignUpStep(viewer: Viewer): Promise<SignUpStep | null> {
  const [user] = await getDb()
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.id, viewer.id), isNull(users.username)));
  if (!user) return null;
  const methods = await getDb().select({ providerId: authAccounts.providerId }).from(authAccounts).where(eq(authAccounts.userId, viewer.id));
  return { name: user.name, email: user.email, providers: methods.map((m) => m.providerId).filter((p) => p !== 'credential') };
}
