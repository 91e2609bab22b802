import { data } from 'react-router';
import type { Route } from './+types/interno.backup';
import { createBackup, isBackupTokenValid } from '~/server/backup.server';

/** Used by `npm run backup` while the server runs: only a caller holding the server's secret may ask. */
export async function action({ request }: Route.ActionArgs) {
  const token = request.headers.get('authorization')?.replace(/^Bearer /, '') ?? null;
  if (!isBackupTokenValid(token)) throw data(null, { status: 404 });
  return Response.json(await createBackup());
}

export function loader() {
  throw data(null, { status: 404 });
}
