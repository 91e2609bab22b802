import { Form, useActionData, useNavigation } from 'react-router';
import { Button, ButtonLink } from '~/components/ui/button';
import { SelectField } from '~/components/ui/field';
import { fieldError, typed } from '~/lib/form-result';
import { formatDay } from '~/lib/format';
import { BANNED_MESSAGE, can } from '../policy';
import type { MarathonDetail } from '../types';

/**
 * Registration in the state the viewer is in: a visitor signs in first; a reader registers while registration is
 * open, choosing a level or a team when the marathon has them; a participant sees their choice and may leave.
 */
export function MarathonJoinForm({ marathon }: { marathon: MarathonDetail }) {
  const navigation = useNavigation();
  // The marathon page's answer to this form: a refused level or team shows under its select, with the choice kept.
  const result = useActionData();
  const sent = (intent: 'entrar' | 'mudar') => typed(result, 'intent') === intent;
  const groupError = (intent: 'entrar' | 'mudar') => (sent(intent) ? fieldError(result, 'groupId') : undefined);
  const groupChoice = (intent: 'entrar' | 'mudar', fallback: string) => (sent(intent) ? typed(result, 'groupId', fallback) : fallback);
  // Registration may have closed between the page and the answer: the refusal then shows where the select was.
  const refused = groupError('entrar') ?? groupError('mudar');
  const refusal = refused ? (
    <p className="text-sm font-medium text-danger" role="alert">
      {refused}
    </p>
  ) : null;
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
      <div className="flex flex-col gap-3">
        <Form method="post" action={action} className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium">Você participa{mine ? ` · ${groupWord}: ${mine.name}` : ''}</span>
          <Button type="submit" name="intent" value="sair" variant="quiet" pending={pending}>
            Sair da maratona
          </Button>
        </Form>
        {/* While registration is open, a participant may change their own level or team (decision 0080). */}
        {open && marathon.mode !== 'none' ? (
          <Form method="post" action={action} className="flex flex-wrap items-end gap-2">
            <GroupSelect
              marathon={marathon}
              label={marathon.mode === 'teams' ? 'Mudar de equipe' : 'Mudar de nível'}
              defaultValue={groupChoice('mudar', marathon.myGroupId ?? '')}
              error={groupError('mudar')}
            />
            <Button type="submit" name="intent" value="mudar" variant="secondary" pending={pending}>
              Mudar
            </Button>
          </Form>
        ) : (
          refusal
        )}
      </div>
    );
  }
  if (!can(marathon, standing, 'join')) return null;
  if (!open)
    return (
      <>
        {refusal}
        <p className="text-sm text-muted">
          {registration === 'em-breve' ? `Inscrições a partir de ${formatDay(marathon.registrationOpensOn)}.` : 'Inscrições encerradas.'}
        </p>
      </>
    );
  return (
    <Form method="post" action={action} className="flex flex-wrap items-end gap-2">
      {marathon.mode !== 'none' ? (
        <GroupSelect
          marathon={marathon}
          label={marathon.mode === 'teams' ? 'Sua equipe' : 'Seu nível'}
          defaultValue={groupChoice('entrar', '')}
          error={groupError('entrar')}
        />
      ) : null}
      <Button type="submit" name="intent" value="entrar" variant="accent" pending={pending}>
        Inscrever-me
      </Button>
    </Form>
  );
}

/** A level or team of the marathon to choose (`groupId`): registering, changing one's own, or an organiser moving someone. */
export function GroupSelect({ marathon, label, defaultValue, error }: { marathon: MarathonDetail; label: string; defaultValue: string; error?: string }) {
  return (
    <SelectField label={label} name="groupId" defaultValue={defaultValue} error={error}>
      <option value="" disabled>
        Escolha…
      </option>
      {marathon.groups.map((g) => (
        <option key={g.id} value={g.id}>
          {g.name}
        </option>
      ))}
    </SelectField>
  );
}
