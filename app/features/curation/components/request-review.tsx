import { REMOVED_READER } from '~/features/accounts/removed-reader';
import { Form, useNavigation } from 'react-router';
import { Link } from '~/components/link';
import { ReaderLink } from '~/features/profiles/components/reader-link';
import { Button } from '~/components/ui/button';
import { FormMessage, TextArea, TextField } from '~/components/ui/field';
import { formatDateTime } from '~/lib/format';
import type { FieldSpec } from '~/features/catalog/editable-fields';
import { type FormResult, type FormFailure, isFailure } from '~/lib/form-result';
import { KIND_LABELS, type ChangeRequestReview } from '../types';
import { REASON_MAX, formFields } from '../validation';
import { DiffTable } from './diff-table';
import { MergePair } from './merge-pair';
import { ProposalFields } from './proposal-fields';
import { StatusBadge } from './status-badge';

/** A curator's view of one request: the diff with conflicts, then approve, edit-then-approve or reject. */
export function RequestReview({ review, result }: { review: ChangeRequestReview; result: FormResult | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const failure = isFailure(result) ? result : undefined;
  const conflicts = review.reviewed.filter((c) => c.conflict).length;
  const fields = review.kind === 'duplicate' ? [] : formFields(review.kind).filter(([name]) => review.changes.some((c) => c.field === name));
  const headings = review.entity === 'edition' ? ['Edição informada', 'Possível duplicata'] : ['Autor informado', 'Possível duplicata'];
  const proposed = Object.fromEntries(review.changes.map((c) => [c.field, c.after]));
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm">
        <Link to="/gerenciar/catalogo/solicitacoes">← Fila de solicitações</Link>
      </p>
      <header className="flex flex-col gap-1">
        <h1 className="flex flex-wrap items-center gap-3 font-serif text-3xl font-bold">
          {review.code} <StatusBadge status={review.status} />
        </h1>
        <p>
          {KIND_LABELS[review.kind]}: {review.targetPath ? <Link to={review.targetPath}>{review.targetLabel}</Link> : review.targetLabel}
        </p>
        <p className="text-sm text-muted">
          Enviada por {review.requester ? <ReaderLink reader={review.requester}>@{review.requester.username}</ReaderLink> : REMOVED_READER} em{' '}
          {formatDateTime(review.createdAt)}
          {review.reviewer && review.decidedAt ? (
            <>
              {' '}
              · decidida por <ReaderLink reader={review.reviewer}>@{review.reviewer.username}</ReaderLink> em {formatDateTime(review.decidedAt)}
            </>
          ) : null}
        </p>
      </header>
      {review.note ? <p className="rounded-lg border border-line bg-surface p-3">Observação do leitor: {review.note}</p> : null}
      {conflicts > 0 ? (
        <FormMessage>
          {conflicts === 1 ? 'Um campo mudou' : `${conflicts} campos mudaram`} no catálogo desde o pedido: compare “Antes” (o que o leitor viu) com “Agora no
          catálogo”.
        </FormMessage>
      ) : null}
      {review.records ? (
        review.status === 'pending' ? null : (
          <MergePair records={review.records} headings={headings} />
        )
      ) : (
        <DiffTable
          entity={review.entity}
          changes={review.status === 'pending' ? review.reviewed : review.changes}
          caption={`Alterações da solicitação ${review.code}`}
          errors={failure?.fieldErrors}
        />
      )}
      {review.answer ? <p className="rounded-lg border border-line bg-paper p-3 text-sm">Resposta: {review.answer}</p> : null}
      <FormMessage>{failure?.formError}</FormMessage>
      {review.status === 'pending' && review.records ? (
        <Form method="post" className="flex flex-col gap-3" aria-labelledby="aprovar-mesclagem">
          <h2 id="aprovar-mesclagem" className="font-serif text-xl font-semibold">
            Aprovar
          </h2>
          <MergePair records={review.records} headings={headings} choose={{ name: 'sobrevivente', error: failure?.fieldErrors.sobrevivente }} />
          <TextField name="answer" label="Comentário para o leitor (opcional)" maxLength={REASON_MAX} />
          {review.records[0] && review.records[0].id === review.records[1]?.id ? (
            <p className="text-sm">Os dois já são um só registro: foram mesclados depois do pedido. Não há o que mesclar: rejeite explicando isso ao leitor.</p>
          ) : null}
          <Button
            type="submit"
            name="intent"
            value="mesclar"
            className="self-start"
            disabled={busy || review.records.includes(null) || review.records[0]?.id === review.records[1]?.id}
          >
            Aprovar e mesclar
          </Button>
        </Form>
      ) : null}
      {review.status === 'pending' ? (
        <div className="grid gap-6 md:grid-cols-2">
          {review.records ? null : <FieldApproval fields={fields} proposed={proposed} failure={failure} busy={busy} />}
          <section aria-labelledby="rejeitar" className="flex flex-col gap-3">
            <h2 id="rejeitar" className="font-serif text-xl font-semibold">
              Rejeitar
            </h2>
            <Form method="post" className="flex flex-col gap-3" noValidate>
              <TextArea
                name="reason"
                label="Motivo (o leitor recebe este texto)"
                maxLength={REASON_MAX}
                error={failure?.fieldErrors.reason}
                defaultValue={failure?.fields.reason ?? ''}
              />
              <Button type="submit" name="intent" value="rejeitar" variant="danger" className="self-start" disabled={busy}>
                Rejeitar
              </Button>
            </Form>
          </section>
        </div>
      ) : null}
    </div>
  );
}

/** Approval of a request that proposes field values: as proposed, or after the curator's own edit. */
function FieldApproval({
  fields,
  proposed,
  failure,
  busy,
}: {
  fields: [string, FieldSpec][];
  proposed: Record<string, string | null>;
  failure: FormFailure | undefined;
  busy: boolean;
}) {
  return (
    <section aria-labelledby="aprovar" className="flex flex-col gap-3">
      <h2 id="aprovar" className="font-serif text-xl font-semibold">
        Aprovar
      </h2>
      <Form method="post" className="flex flex-col gap-3">
        <TextField name="answer" label="Comentário para o leitor (opcional)" maxLength={REASON_MAX} />
        <Button type="submit" name="intent" value="aprovar" className="self-start" disabled={busy}>
          Aprovar como proposto
        </Button>
      </Form>
      {/* A cover is an image: nothing to edit before approving. */}
      {fields.length > 0 ? (
        <details className="rounded-xl border border-line bg-surface p-3" open={failure && Object.keys(failure.fieldErrors).some((k) => k in proposed)}>
          <summary className="min-h-11 cursor-pointer py-2 font-semibold">Editar antes de aprovar</summary>
          <Form method="post" className="mt-2 flex flex-col gap-3" noValidate>
            <ProposalFields fields={fields} values={proposed} typed={failure?.fields} errors={failure?.fieldErrors} />
            <TextField name="answer" label="Comentário para o leitor (opcional)" maxLength={REASON_MAX} />
            <Button type="submit" name="intent" value="editar-e-aprovar" className="self-start" disabled={busy}>
              Salvar edição e aprovar
            </Button>
          </Form>
        </details>
      ) : null}
    </section>
  );
}
