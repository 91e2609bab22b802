import { data, redirect } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/m.id.$id';
import { marathonSlugById } from '~/features/marathons/queries.server';
import { getViewer } from '~/server/viewer.server';

const idParam = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** /m/id/{id}: 308 to the marathon's identificador, for a viewer who may see it; 404 otherwise. */
export async function loader(args: Route.LoaderArgs) {
  const id = idParam.safeParse(args.params.id);
  if (!id.success) throw data(null, { status: 404 });
  const slug = await marathonSlugById(await getViewer(args), id.data);
  if (!slug) throw data(null, { status: 404 });
  return redirect(`/m/${slug}`, 308);
}
