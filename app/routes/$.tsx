import { data } from 'react-router';
import type { Route } from './+types/$';
import { NotFound } from '~/components/layout/not-found';

export const meta: Route.MetaFunction = () => [{ title: 'Página não encontrada · Maratona' }];

export function loader() {
  throw data(null, { status: 404 });
}

export default function CatchAll() {
  return <NotFound />;
}
