import { Form, useLocation, useNavigation } from 'react-router';
import { Link } from '~/components/link';
import { Button, buttonClass } from '~/components/ui/button';

/**
 * "Seguir autor" / "Seguir coleção" on catalogue pages. `following` is null for a visitor (the cached page):
 * the button then leads to signing in and back.
 */
export function CatalogFollowButton({ noun, following }: { noun: 'autor' | 'coleção'; following: boolean | null }) {
  const location = useLocation();
  const busy = useNavigation().state !== 'idle';
  if (following === null) {
    return (
      <Link to={`/auth/signin?callbackUrl=${encodeURIComponent(location.pathname)}`} className={buttonClass('secondary', 'self-start')}>
        Seguir {noun}
      </Link>
    );
  }
  return (
    <Form method="post" className="flex flex-wrap items-center gap-3">
      <Button
        type="submit"
        name="intent"
        value={following ? 'deixar-de-seguir' : 'seguir'}
        variant={following ? 'secondary' : 'primary'}
        disabled={busy}
        aria-pressed={following}
      >
        {following ? `Seguindo ${noun}` : `Seguir ${noun}`}
      </Button>
      <span className="text-sm text-muted">
        {following ? 'Você recebe um aviso quando chega uma edição nova.' : 'Receba um aviso quando chegar uma edição nova.'}
      </span>
    </Form>
  );
}
