import { Form, useNavigation } from 'react-router';
import { Button, ButtonLink } from '~/components/ui/button';
import { SelectField } from '~/components/ui/field';
import { formatDay } from '~/lib/format';
import { BANNED_MESSAGE, can } from '../policy';
import type { MarathonDetail } from '../types';

/**
 * Registration in the state the viewer is in: a visitor signs in first; a reader registers while registration is
 * open, choosing a level or a team when the marathon has them; a participant sees their choice and may leave.
 */
export function MarathonJoinForm({ marathon }: { marathon: MarathonDetail }) {
  const navigation = useNavigation();
  const action = `/m/${marathon.slug}`;
  const pending = navigation.state !== 'idle' && navigation.formAction === action;
  const { standing, registration } = marathon;
  const open = registration === 'aberta';
  if (!standing.signedIn) {
    if (!open) return null;
    return (
      <ButtonLink variant="accent" to={`/auth/signin?callbackUrl=${encodeURIComponent(action)}`}>
        Entrar para se inscrever
      </ButtonLink>
    );
  }
  if (standing.status === 'banned') return <p className="rounded-lg border border-danger p-3 text-sm text-danger">{BANNED_MESSAGE}</p>;
  const groupWord = marathon.mode === 'teams' ? 'equipe' : 'nível';
  if (standing.status === 'active') {
    const mine = marathon.groups.find((g) => g.id === marathon.myGroupId);
    if (marathon.phase === 'encerrada') return <p className="text-sm font-medium">Você participou{mine ? ` · ${groupWord}: ${mine.name}` : ''}</p>;
    return (
      <Form method="post" action={action} className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium">Você participa{mine ? ` · ${groupWord}: ${mine.name}` : ''}</span>
        <Button type="submit" name="intent" value="sair" variant="quiet" pending={pending}>
          Sair da maratona
        </Button>
      </Form>
    );
  }
  if (!can(marathon, standing, 'join')) return null;
  if (!open)
    return (
      <p className="text-sm text-muted">
        {registration === 'em-breve' ? `Inscrições a partir de ${formatDay(marathon.registrationOpensOn)}.` : 'Inscrições encerradas.'}
      </p>
    );
  return (
    <Form method="post" action={action} className="flex flex-wrap items-end gap-2">
      {marathon.mode !== 'none' ? (
        <SelectField label={marathon.mode === 'teams' ? 'Sua equipe' : 'Seu nível'} name="groupId" defaultValue="">
          <option value="" disabled>
            Escolha…
          </option>
          {marathon.groups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <Button type="submit" name="intent" value="entrar" variant="accent" pending={pending}>
        Inscrever-me
      </Button>
    </Form>
  );
}
