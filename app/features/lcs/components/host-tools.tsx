import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { TextArea, TextField } from '~/components/ui/field';
import { fieldError, typed } from '~/lib/form-result';
import { GROUP_READ_DESCRIPTION_MAX, GROUP_READ_TITLE_MAX, PARTICIPANT_STATUS_LABELS } from '../policy';
import type { GroupReadDetail, GroupReadParticipant } from '../types';
import { VisibilityField } from './visibility-field';

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <h2 id={id} className="font-serif text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The host's forms: details, the schedule's shift, invitations, participants (remove, ban), closing early. */
export function HostTools({ lc, participants, result }: { lc: GroupReadDetail; participants: readonly GroupReadParticipant[]; result: unknown }) {
  const sent = (intent: string) => typed(result, 'intent') === intent;
  const keep = (intent: string, name: string, fallback: string) => (sent(intent) ? typed(result, name, fallback) : fallback);
  const errorOf = (intent: string, name: string) => (sent(intent) ? fieldError(result, name) : undefined);
  const over = lc.phase === 'encerrada';
  return (
    <div className="flex flex-col gap-6">
      <Section id="detalhes" title="Detalhes">
        <Form method="post" className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="detalhes" />
          <TextField
            label="Título"
            name="title"
            maxLength={GROUP_READ_TITLE_MAX}
            defaultValue={keep('detalhes', 'title', lc.title)}
            error={errorOf('detalhes', 'title')}
          />
          <TextField
            label="Identificador"
            name="slug"
            defaultValue={keep('detalhes', 'slug', lc.slug)}
            error={errorOf('detalhes', 'slug')}
            hint="O endereço da LC: /lc/identificador. O antigo continua levando para cá."
          />
          <TextArea
            label="Descrição"
            name="description"
            maxLength={GROUP_READ_DESCRIPTION_MAX}
            defaultValue={keep('detalhes', 'description', lc.description)}
            error={errorOf('detalhes', 'description')}
          />
          <VisibilityField
            defaultValue={keep('detalhes', 'visibility', lc.visibility)}
            error={errorOf('detalhes', 'visibility')}
            clubHosted={lc.hostClubId !== null}
          />
          <TextField
            label="Limite de participantes"
            name="participantCap"
            inputMode="numeric"
            defaultValue={keep('detalhes', 'participantCap', lc.participantCap === null ? '' : String(lc.participantCap))}
            error={errorOf('detalhes', 'participantCap')}
            hint="Em branco: sem limite. Ao aumentar, a lista de espera entra na ordem."
          />
          <div>
            <Button type="submit">Salvar</Button>
          </div>
        </Form>
      </Section>

      <Section id="capa" title="Capa">
        <Form method="post" encType="multipart/form-data" className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="capa" />
          <TextField
            label="Imagem da capa"
            name="cover"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            error={errorOf('capa', 'cover')}
            hint="JPEG, PNG, WebP ou GIF de até 5 MB. Sem capa, a LC mostra a do primeiro livro."
          />
          <div>
            <Button type="submit">Enviar capa</Button>
          </div>
        </Form>
      </Section>

      {over ? null : (
        <Section id="adiar" title="Adiar ou antecipar o cronograma">
          <Form method="post" className="flex flex-col gap-3">
            <input type="hidden" name="intent" value="adiar" />
            <TextField
              label="Dias"
              name="days"
              inputMode="numeric"
              defaultValue={keep('adiar', 'days', '')}
              error={errorOf('adiar', 'days')}
              hint="Todas as etapas e as datas da LC andam juntas: 7 adia uma semana, -2 antecipa dois dias."
            />
            <div>
              <Button type="submit">Mover o cronograma</Button>
            </div>
          </Form>
        </Section>
      )}

      {over ? null : (
        <Section id="convidar" title="Convidar">
          <Form method="post" className="flex flex-col gap-3">
            <input type="hidden" name="intent" value="convidar" />
            <TextField
              label="Nome de usuário"
              name="username"
              placeholder="@ana_lendo"
              defaultValue={keep('convidar', 'username', '')}
              error={errorOf('convidar', 'username')}
            />
            <div>
              <Button type="submit">Convidar</Button>
            </div>
          </Form>
        </Section>
      )}

      <Section id="participantes" title={`Participantes (${participants.length.toLocaleString('pt-BR')})`}>
        {participants.length === 0 ? (
          <p>Ninguém entrou ainda. Compartilhe o endereço da LC ou convide leitores.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line">
            {participants.map((p) => (
              <li key={p.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <a href={`/u/${p.username}`}>@{p.username}</a>{' '}
                  <span className="text-sm text-muted">
                    {PARTICIPANT_STATUS_LABELS[p.status]}
                    {p.waitingPlace ? ` (${p.waitingPlace}º)` : ''}
                  </span>
                </span>
                <Form method="post" className="flex gap-2">
                  <input type="hidden" name="userId" value={p.userId} />
                  {p.status === 'banned' ? (
                    <Button type="submit" name="intent" value="remover" variant="quiet">
                      Desfazer remoção de @{p.username}
                    </Button>
                  ) : (
                    <>
                      <Button type="submit" name="intent" value="remover" variant="secondary" aria-label={`Remover @${p.username}`}>
                        Remover
                      </Button>
                      <Button type="submit" name="intent" value="banir" variant="danger" aria-label={`Remover @${p.username} e impedir de voltar`}>
                        Banir
                      </Button>
                    </>
                  )}
                </Form>
              </li>
            ))}
          </ul>
        )}
      </Section>

      {over ? null : (
        <Section id="encerrar" title="Encerrar antes do fim">
          <p className="text-sm">A LC fica encerrada na hora: ninguém mais entra e o cronograma fica como está.</p>
          <Form method="post">
            <input type="hidden" name="intent" value="encerrar" />
            <Button type="submit" variant="danger">
              Encerrar a LC
            </Button>
          </Form>
        </Section>
      )}
    </div>
  );
}
