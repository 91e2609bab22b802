import { Link } from '~/components/link';
import { Avatar } from '~/components/ui/avatar';
import { ButtonLink } from '~/components/ui/button';
import { formatNumber } from '~/lib/format';
import type { Profile } from '../types';
import { SocialForm } from './social-form';

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** The follow button in each state: follow, request, "Solicitação enviada" (cancel), unfollow. */
function FollowControls({ profile }: { profile: Profile }) {
  const { reader, relation } = profile;
  if (relation.relation === 'owner')
    return (
      <ButtonLink to="/configuracoes/conta" variant="secondary">
        Editar perfil
      </ButtonLink>
    );
  if (!relation.signedIn) {
    return (
      <ButtonLink to={`/auth/signin?callbackUrl=${encodeURIComponent(`/u/${reader.username}`)}`} variant="accent">
        {reader.restricted ? 'Pedir para seguir' : 'Seguir'}
      </ButtonLink>
    );
  }
  if (relation.relation === 'follower') return <SocialForm intent="deixar-de-seguir" username={reader.username} label="Deixar de seguir" />;
  if (relation.followPending) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded-full border border-line px-3 py-1 text-sm font-medium">Solicitação enviada</span>
        <SocialForm intent="cancelar-pedido" username={reader.username} label="Cancelar pedido" variant="quiet" />
      </div>
    );
  }
  return <SocialForm intent="seguir" username={reader.username} label={reader.restricted ? 'Pedir para seguir' : 'Seguir'} variant="accent" />;
}

/** Blocking asks first: a native <details> holds the explanation and the confirming button (no JavaScript needed). */
function BlockControl({ username }: { username: string }) {
  return (
    <details className="text-sm">
      <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-lg px-2 font-medium text-muted hover:text-ink">Bloquear</summary>
      <div className="mt-2 flex max-w-md flex-col gap-2 rounded-xl border border-line bg-surface p-3">
        <p>
          Bloquear @{username}? Vocês deixam de se seguir e nenhum dos dois verá o perfil e o conteúdo do outro. @{username} não será avisado. Você pode
          desbloquear depois em “Seguindo”.
        </p>
        <SocialForm intent="bloquear" username={username} label={`Bloquear @${username}`} variant="danger" />
      </div>
    </details>
  );
}

/** `whisper`: the viewer may whisper this reader now (their setting, no block): the "Sussurrar" button shows. */
export function ProfileHeader({ profile, whisper = false }: { profile: Profile; whisper?: boolean }) {
  const { reader, details, relation } = profile;
  return (
    <header className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-4">
        <Avatar name={reader.name} image={reader.image} size={88} />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h1 className="font-serif text-3xl font-bold break-words">{reader.name}</h1>
          <p className="text-muted">
            @{reader.username}
            {details?.pronouns ? ` · ${details.pronouns}` : ''}
          </p>
        </div>
      </div>
      {details?.bio ? <p className="max-w-prose whitespace-pre-line">{details.bio}</p> : null}
      {details && details.links.length > 0 ? (
        <ul className="flex flex-wrap gap-x-4 gap-y-1">
          {details.links.map((link) => (
            <li key={link}>
              <a href={link} rel="nofollow ugc noopener me" target="_blank" className="break-all">
                {link.replace(/^https?:\/\//, '').replace(/\/$/, '')}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {details ? (
        <ul className="flex flex-wrap gap-x-6 gap-y-2" aria-label="Números do perfil">
          <li>
            <Link to={`/u/${reader.username}/lidos`} className="text-ink">
              <strong className="tabular-nums">{plural(details.counts.read, 'lido', 'lidos')}</strong>
            </Link>
          </li>
          <li>
            <Link to={`/u/${reader.username}/seguidores`} className="text-ink">
              <strong className="tabular-nums">{plural(details.counts.followers, 'seguidor', 'seguidores')}</strong>
            </Link>
          </li>
          <li>
            <Link to={`/u/${reader.username}/seguindo`} className="text-ink">
              <strong className="tabular-nums">{formatNumber(details.counts.following)} seguindo</strong>
            </Link>
          </li>
        </ul>
      ) : null}
      <div className="flex flex-wrap items-start gap-3">
        <FollowControls profile={profile} />
        {whisper ? (
          <ButtonLink to={`/sussurrar/${reader.username}`} variant="secondary">
            Sussurrar
          </ButtonLink>
        ) : null}
        {relation.signedIn && relation.relation !== 'owner' ? <BlockControl username={reader.username} /> : null}
      </div>
      {!details ? (
        <p className="rounded-xl border border-line bg-surface p-4 text-muted">
          Este perfil é restrito. Só quem @{reader.username} aprovar vê as estantes, as leituras e o resto do perfil.
        </p>
      ) : null}
    </header>
  );
}
