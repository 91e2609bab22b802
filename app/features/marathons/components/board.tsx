import { useState } from 'react';
import { Form, useNavigation, useSearchParams } from 'react-router';
import { Link } from '~/components/link';
import { Button, ButtonLink } from '~/components/ui/button';
import { FormMessage, SelectField, TextArea, TextField } from '~/components/ui/field';
import { ProgressBar } from '~/components/ui/progress-bar';
import { EditionCover } from '~/features/catalog/components/edition-cover';
import { fieldError, isFailure, isSuccess, typed } from '~/lib/form-result';
import { formatDay, formatNumber, formatRating } from '~/lib/format';
import { inPlace } from '~/lib/in-place';
import { pointsLabel } from '../labels';
import { LINK_COMMENT_MAX } from '../policy';
import type { Board, BoardChallenge, BoardLink, BoardShelfMatch, MarathonDetail } from '../types';

type Search = { challengeId: string; q: string; matches: BoardShelfMatch[] } | null;

const RATINGS = Array.from({ length: 20 }, (_, i) => (i + 1) / 4);

/** Whether the last form sent was this one (its intent and id), so what was typed and its error come back only there. */
const sentHere = (result: unknown, intent: string, key: string, id: string) => typed(result, 'intent') === intent && typed(result, key) === id;

function usePendingForm() {
  const navigation = useNavigation();
  return (intent: string, key: string, id: string) =>
    navigation.state === 'submitting' && navigation.formData?.get('intent') === intent && navigation.formData.get(key) === id;
}

/** A visitor or a reader who is not in the marathon: how to have a board. */
export function BoardInvitation({ marathon }: { marathon: MarathonDetail }) {
  const signedIn = marathon.standing.signedIn;
  return (
    <section aria-labelledby="convite" className="flex flex-col items-start gap-3 rounded-xl border border-line bg-surface p-4">
      <h2 id="convite" className="font-serif text-xl font-semibold">
        Seu quadro na maratona
      </h2>
      <p>
        Quem participa vincula livros da estante aos desafios de leitura, marca as atividades feitas e vê aqui seus pontos, páginas e minutos lidos durante a
        maratona.
      </p>
      {signedIn ? (
        <p className="text-muted">
          {marathon.registration === 'aberta' ? 'Inscreva-se (no alto da página) para ter o seu.' : 'As inscrições desta maratona não estão abertas agora.'}
        </p>
      ) : (
        <ButtonLink variant="accent" to={`/auth/signin?callbackUrl=${encodeURIComponent(`/m/${marathon.slug}/progresso`)}`}>
          Entrar para ver seu quadro
        </ButtonLink>
      )}
    </section>
  );
}

/** The participant's board: totals, then each category's challenges with their links or tick. */
export function BoardView({ marathon, board, search, result }: { marathon: MarathonDetail; board: Board; search: Search; result: unknown }) {
  const editable = board.phase === 'acontecendo';
  const { totals } = board;
  // The board's own address: its links open a box in place (absolute, so they stay plain anchors: decision 0048).
  const path = `/m/${marathon.slug}/progresso`;
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="totais" className="flex flex-col gap-2">
        <h2 id="totais" className="sr-only">
          Seus números
        </h2>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
          {[
            ['Desafios', formatNumber(totals.challengesDone)],
            ['Pontos', formatNumber(totals.points)],
            ['Páginas', formatNumber(totals.pages)],
            ['Minutos', formatNumber(totals.minutes)],
            ['Posição', `${formatNumber(totals.position)}º de ${formatNumber(totals.participants)}`],
          ].map(([label, value], i, all) => (
            <div key={label} className={`flex flex-col rounded-xl border border-line bg-surface p-3 ${i === all.length - 1 ? 'col-span-2 sm:col-span-1' : ''}`}>
              <dt className="text-sm text-muted">{label}</dt>
              <dd className="font-serif text-2xl font-bold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="text-sm text-muted">
          {board.phase === 'proxima'
            ? `O quadro abre em ${formatDay(marathon.startsOn)}, no primeiro dia da maratona.`
            : board.phase === 'encerrada'
              ? 'A maratona terminou: seu quadro fica aqui para consulta.'
              : 'Páginas e minutos contam sozinhos quando você registra o progresso de um livro durante a maratona.'}
        </p>
      </section>
      <FormMessage tone="success">{isSuccess(result) ? result.success : null}</FormMessage>
      <FormMessage>{isFailure(result) ? (result.formError ?? null) : null}</FormMessage>
      {board.categories.length === 0 ? (
        <p>Nenhum desafio revelado ainda: eles aparecem aqui nas datas marcadas por quem organiza.</p>
      ) : (
        board.categories.map((category) => (
          <section key={category.id} aria-labelledby={`categoria-${category.id}`} className="flex flex-col gap-3">
            <h2 id={`categoria-${category.id}`} className="font-serif text-xl font-semibold">
              {category.name}
            </h2>
            <ul className="flex flex-col gap-3">
              {category.challenges.map((challenge) => (
                <ChallengeCard key={challenge.id} challenge={challenge} editable={editable} search={search} result={result} path={path} />
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}

function ChallengeCard({
  challenge,
  editable,
  search,
  result,
  path,
}: {
  challenge: BoardChallenge;
  editable: boolean;
  search: Search;
  result: unknown;
  path: string;
}) {
  const pending = usePendingForm();
  const headingId = `desafio-${challenge.id}`;
  return (
    <li className={`flex flex-col gap-3 rounded-xl border bg-surface p-4 ${challenge.done ? 'border-mar' : 'border-line'}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 id={headingId} className="font-medium">
            {challenge.description}
          </h3>
          <p className="text-sm text-muted">
            {challenge.kind === 'leitura' ? 'Leitura' : 'Atividade'} · {pointsLabel(challenge.points)}
            {challenge.levelName ? ` · nível ${challenge.levelName}` : ''}
            {challenge.kind === 'leitura' && challenge.completesOnFinish ? ' · conclui quando você termina um livro vinculado' : ''}
          </p>
        </div>
        <p className={`rounded-full px-3 py-1 text-sm font-semibold ${challenge.done ? 'bg-mar text-white' : 'border border-line'}`}>
          {challenge.done ? 'Concluído' : 'A fazer'}
        </p>
      </div>
      {challenge.kind === 'atividade' ? (
        editable ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="challengeId" value={challenge.id} />
            <input type="hidden" name="done" value={challenge.done ? 'nao' : 'sim'} />
            <Button
              type="submit"
              name="intent"
              value="marcar"
              variant={challenge.done ? 'secondary' : 'primary'}
              pending={pending('marcar', 'challengeId', challenge.id)}
            >
              {challenge.done ? 'Desmarcar' : 'Marcar como feito'}
            </Button>
          </Form>
        ) : null
      ) : (
        <>
          {challenge.links.length ? (
            <ul className="flex flex-col gap-3">
              {challenge.links.map((link) => (
                // A saved change remounts the card, which closes its form.
                <LinkCard key={`${link.id}:${link.updatedAt}`} link={link} editable={editable} result={result} path={path} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted">Nenhum livro vinculado ainda.</p>
          )}
          {editable ? <LinkPicker challenge={challenge} search={search?.challengeId === challenge.id ? search : null} result={result} path={path} /> : null}
        </>
      )}
    </li>
  );
}

/**
 * One linked edition: its cover and title, then its own progress, complete flag, rating, comment and marked day.
 * "Editar vínculo" is a link (`?editar={id}`: the page with that link's form open, without JavaScript); with it, a
 * click opens the form in place. The board holds one such form at a time, not one per link.
 */
function LinkCard({ link, editable, result, path }: { link: BoardLink; editable: boolean; result: unknown; path: string }) {
  const pending = usePendingForm();
  const [params] = useSearchParams();
  const here = sentHere(result, 'salvar', 'linkId', link.id);
  const [editing, setEditing] = useState(params.get('editar') === link.id || (here && isFailure(result)));
  const value = (name: string, fallback: string) => (here ? typed(result, name, fallback) : fallback);
  const error = (name: string) => (here ? fieldError(result, name) : undefined);
  const title = link.edition.title;
  const anchor = `vinculo-${link.id}`;
  const summary = [
    link.complete ? 'Completo' : `${link.progress}%`,
    link.rating === null ? null : `${formatRating(link.rating)} estrelas`,
    link.markedOn ? `marcado em ${formatDay(link.markedOn)}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <li id={anchor} className="flex flex-col gap-3 rounded-lg border border-line p-3">
      <div className="flex gap-3">
        <EditionCover edition={link.edition} size="sm" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <Link to={`/ed/${link.edition.id}`} className="font-medium">
            {title}
          </Link>
          {link.edition.authors.length ? <p className="text-sm text-muted">{link.edition.authors.map((a) => a.name).join(', ')}</p> : null}
          <ProgressBar fraction={link.progress / 100} label={summary} className="max-w-sm" />
          {link.comment && !editable ? <p className="text-sm">{link.comment}</p> : null}
        </div>
      </div>
      {editable && !editing ? (
        <Link
          to={`${path}?editar=${link.id}#${anchor}`}
          className="inline-flex min-h-11 items-center self-start font-medium"
          onClick={inPlace(() => setEditing(true))}
        >
          Editar vínculo de “{title}”
        </Link>
      ) : null}
      {editable && editing ? (
        // It posts to the board without `?editar=`, so a saved link's form closes; a refused one comes back open.
        <Form method="post" action={path} preventScrollReset className="flex flex-col gap-3" aria-label={`Editar vínculo de “${title}”`}>
          <input type="hidden" name="linkId" value={link.id} />
          <div className="grid gap-3 sm:grid-cols-3">
            <TextField
              label="Progresso (%)"
              type="number"
              min={0}
              max={100}
              inputMode="numeric"
              name="progress"
              defaultValue={value('progress', String(link.progress))}
              error={error('progress')}
            />
            <SelectField label="Nota" name="rating" defaultValue={value('rating', link.rating === null ? '' : String(link.rating))} error={error('rating')}>
              <option value="">Sem nota</option>
              {RATINGS.map((r) => (
                <option key={r} value={String(r)}>
                  {formatRating(r)} {r === 1 ? 'estrela' : 'estrelas'}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Dia marcado (opcional)"
              type="date"
              name="markedOn"
              defaultValue={value('markedOn', link.markedOn ?? '')}
              error={error('markedOn')}
            />
          </div>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="complete" defaultChecked={here ? typed(result, 'complete') === 'on' : link.complete} className="size-5 accent-coral" />
            Completo (conta o desafio como feito)
          </label>
          <TextArea
            label="Comentário (opcional)"
            rows={2}
            maxLength={LINK_COMMENT_MAX}
            name="comment"
            defaultValue={value('comment', link.comment ?? '')}
            error={error('comment')}
          />
          <div className="flex flex-wrap items-center gap-2">
            <Button type="submit" name="intent" value="salvar" pending={pending('salvar', 'linkId', link.id)}>
              Salvar vínculo
            </Button>
            <Button type="submit" name="intent" value="desvincular" variant="quiet" pending={pending('desvincular', 'linkId', link.id)}>
              Desvincular
            </Button>
            <Link to={`${path}#${anchor}`} className="inline-flex min-h-11 items-center text-sm" onClick={inPlace(() => setEditing(false))}>
              Cancelar
            </Link>
          </div>
        </Form>
      ) : null}
    </li>
  );
}

/**
 * "Vincular um livro": a link (`?desafio={id}`) that opens this challenge's box — the reader's latest shelf entries,
 * and a search of the shelf by title (a GET that keeps what was typed) — then a button per match. The board holds
 * one such box at a time, not one per challenge.
 */
function LinkPicker({ challenge, search, result, path }: { challenge: BoardChallenge; search: Search; result: unknown; path: string }) {
  const pending = usePendingForm();
  const inputId = `busca-${challenge.id}`;
  const linkError = sentHere(result, 'vincular', 'challengeId', challenge.id) ? fieldError(result, 'editionId') : undefined;
  if (!search && !linkError)
    return (
      <Link to={`${path}?desafio=${challenge.id}#desafio-${challenge.id}`} className="inline-flex min-h-11 items-center self-start font-medium">
        Vincular um livro da estante
      </Link>
    );
  return (
    <div className="flex flex-col gap-2">
      <Form method="get" preventScrollReset className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="desafio" value={challenge.id} />
        <div className="w-full min-w-0 sm:w-auto sm:flex-1">
          <TextField id={inputId} label="Vincular um livro da sua estante" name="busca" defaultValue={search?.q ?? ''} placeholder="Título" />
        </div>
        <Button type="submit" variant="secondary">
          Buscar na estante
        </Button>
        <Link to={`${path}#desafio-${challenge.id}`} className="inline-flex min-h-11 items-center text-sm">
          Fechar
        </Link>
      </Form>
      {linkError ? (
        <p className="text-sm font-medium text-danger" role="alert">
          {linkError}
        </p>
      ) : null}
      {search ? (
        search.matches.length ? (
          <ul className="flex flex-col gap-2" aria-label="Livros da sua estante">
            {search.matches.map((match) => (
              <li key={match.edition.id} className="flex items-center justify-between gap-2 rounded-lg border border-line p-2">
                <span className="min-w-0">
                  <span className="font-medium">{match.edition.title}</span>
                  {match.edition.authors.length ? <span className="text-sm text-muted"> · {match.edition.authors.map((a) => a.name).join(', ')}</span> : null}
                </span>
                {challenge.links.some((link) => link.edition.id === match.edition.id) ? (
                  <span className="text-sm text-muted">Já vinculado</span>
                ) : (
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="challengeId" value={challenge.id} />
                    <input type="hidden" name="editionId" value={match.edition.id} />
                    <Button
                      type="submit"
                      name="intent"
                      value="vincular"
                      variant="secondary"
                      pending={pending('vincular', 'challengeId', challenge.id)}
                      aria-label={`Vincular “${match.edition.title}”`}
                    >
                      Vincular
                    </Button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">
            {search.q ? 'Nenhum livro da sua estante com esse título.' : 'Nenhum livro na sua estante ainda.'} <Link to="/catalogo">Procure no catálogo</Link> e
            coloque-o na estante primeiro.
          </p>
        )
      ) : null}
    </div>
  );
}
