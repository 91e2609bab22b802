import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { SelectField, TextArea } from '~/components/ui/field';
import { fieldError, typed, type FormResult } from '~/lib/form-result';
import { BAN_REASON_MAX, ROLE_LABELS } from '../../policy';
import type { ClubRole } from '../../vocabulary';
import type { ClubMemberRow, PlanOption } from '../types';

export type MemberPowers = {
  /** The roles the viewer may give this member (empty: none). */
  roles: ClubRole[];
  /** The viewer outranks the member, so may ban them. */
  mayBan: boolean;
  /** Plans the viewer may grant (run_club), or null. */
  plans: PlanOption[] | null;
};

/** What the staff may do to one member, behind a disclosure so the list stays readable (works without JS). */
export function MemberActions({ member, powers, result }: { member: ClubMemberRow; powers: MemberPowers; result: FormResult | undefined }) {
  const about = typed(result, 'userId') === member.userId;
  const error = (name: string) => (about ? fieldError(result, name) : undefined);
  if (member.status === 'banned') {
    return powers.mayBan ? (
      <Form method="post">
        <input type="hidden" name="userId" value={member.userId} />
        <Button type="submit" name="intent" value="desbanir" variant="secondary" aria-label={`Desfazer o banimento de @${member.username}`}>
          Desfazer banimento
        </Button>
      </Form>
    ) : null;
  }
  if (member.status !== 'active' || (powers.roles.length === 0 && !powers.mayBan && !powers.plans)) return null;
  return (
    <details className="w-full rounded-lg border border-line p-2" open={about && typed(result, 'intent') !== '' ? true : undefined}>
      <summary className="min-h-11 cursor-pointer content-center px-1 font-medium">Gerenciar @{member.username}</summary>
      <div className="flex flex-col gap-4 p-2">
        {powers.roles.length > 0 ? (
          <Form method="post" className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <input type="hidden" name="intent" value="papel" />
            <input type="hidden" name="userId" value={member.userId} />
            <div className="grow">
              <SelectField label="Papel" name="role" defaultValue={member.role} error={error('role')}>
                {powers.roles.map((role) => (
                  <option key={role} value={role}>
                    {ROLE_LABELS[role]}
                  </option>
                ))}
              </SelectField>
            </div>
            <Button type="submit" variant="secondary">
              Mudar papel
            </Button>
          </Form>
        ) : null}
        {powers.plans ? (
          <Form method="post" className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <input type="hidden" name="intent" value="plano" />
            <input type="hidden" name="userId" value={member.userId} />
            <div className="grow">
              <SelectField label="Plano (concedido à mão)" name="planId" defaultValue={member.planId ?? ''} error={error('planId')}>
                <option value="">Sem plano</option>
                {powers.plans.map((plan) => (
                  <option key={plan.id} value={plan.id}>
                    {plan.name}
                    {plan.archived ? ' (arquivado)' : ''}
                  </option>
                ))}
              </SelectField>
            </div>
            <Button type="submit" variant="secondary">
              Salvar plano
            </Button>
          </Form>
        ) : null}
        {powers.mayBan ? (
          <Form method="post" className="flex flex-col gap-2">
            <input type="hidden" name="intent" value="banir" />
            <input type="hidden" name="userId" value={member.userId} />
            <TextArea
              label="Motivo do banimento"
              name="reason"
              required
              maxLength={BAN_REASON_MAX}
              hint="O leitor verá essa mensagem. Ele perde o acesso ao clube na hora."
              defaultValue={about ? typed(result, 'reason') : ''}
              error={error('reason')}
            />
            <Button type="submit" variant="danger" className="self-start">
              Banir @{member.username}
            </Button>
          </Form>
        ) : null}
      </div>
    </details>
  );
}
