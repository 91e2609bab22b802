import { Form, redirect, useNavigation } from 'react-router';
import { Link } from '~/components/link';
import type { Route } from './+types/gerenciar.catalogo.mesclar';
import { Button } from '~/components/ui/button';
import { FormMessage, SelectField, TextField } from '~/components/ui/field';
import { describeCatalogRecord } from '~/features/catalog/queries.server';
import type { CatalogRecordCard } from '~/features/catalog/types';
import { MergePair } from '~/features/curation/components/merge-pair';
import { mergeRecords } from '~/features/curation/merge.server';
import { mergeInput, mergeKindOf, mergeParams, recordRefFromText } from '~/features/curation/validation';
import { isFailure } from '~/lib/form-result';
import { failureFromError, formFailure, parseForm } from '~/server/forms.server';
import { requireRole } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Mesclar duplicatas · Gerenciar · Maratona' }];

const HINTS = {
  edicao: 'O link da página da edição (…/ed/…) ou o id dela.',
  obra: 'O link de uma edição da obra (…/ed/…): a obra dessa edição.',
  autor: 'O link da página do autor (…/autor/…) ou o identificador dele.',
} as const;

/** The two records the curator typed, each found or explained next to its field. */
async function pairOf(request: Request) {
  const url = new URL(request.url);
  const params = mergeParams.parse(Object.fromEntries(url.searchParams));
  const kind = mergeKindOf(params.tipo);
  const errors: Record<string, string> = {};
  const records: Record<'manter' | 'mesclar', CatalogRecordCard | null> = { manter: null, mesclar: null };
  for (const field of ['manter', 'mesclar'] as const) {
    const text = params[field];
    if (!text.trim()) continue;
    const ref = recordRefFromText(kind, text);
    const record = ref ? await describeCatalogRecord(kind, ref) : null;
    if (!ref) errors[field] = `Não reconhecemos esse endereço. ${HINTS[params.tipo]}`;
    else if (!record) errors[field] = 'Não encontramos esse registro no catálogo.';
    records[field] = record;
  }
  if (records.manter && records.manter.id === records.mesclar?.id) errors.mesclar = 'É o mesmo registro (ou já foi mesclado nele): escolha a duplicata.';
  return { params, kind, errors, records };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole({ request, context }, ['curator', 'admin']);
  const { params, errors, records } = await pairOf(request);
  const done = new URL(request.url).searchParams.get('mesclado') === '1';
  return { params, errors: done ? {} : errors, records, done };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireRole({ request, context }, ['curator', 'admin']);
  const parsed = parseForm(await request.formData(), mergeInput);
  if (!parsed.ok) return parsed.failure;
  const { params, kind, errors, records } = await pairOf(request);
  if (!records.manter || !records.mesclar || Object.keys(errors).length > 0)
    return formFailure(parsed.fields, 'Confira os dois registros antes de mesclar.', errors);
  try {
    await mergeRecords(viewer, kind, records.mesclar.id, records.manter.id);
  } catch (error) {
    return failureFromError(error, parsed.fields);
  }
  return redirect(`/gerenciar/catalogo/mesclar?${new URLSearchParams({ tipo: params.tipo, manter: params.manter, mesclado: '1' })}`);
}

export default function MergeRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { params, errors, records, done } = loaderData;
  const failure = isFailure(actionData) ? actionData : undefined;
  const navigation = useNavigation();
  const ready = !done && records.manter && records.mesclar && Object.keys(errors).length === 0;
  const swap = `?${new URLSearchParams({ tipo: params.tipo, manter: params.mesclar, mesclar: params.manter })}`;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        <Link to="/gerenciar/catalogo">← Catálogo</Link>
      </p>
      <h1 className="font-serif text-3xl font-bold">Mesclar duplicatas</h1>
      <p className="max-w-prose text-muted">
        Tudo o que aponta para a duplicata (coleções, créditos, leitores, solicitações) passa para o registro que fica, os campos vazios dele são preenchidos
        com os da duplicata, e o endereço antigo passa a redirecionar. Uma mesclagem não pode ser revertida.
      </p>
      {done && records.manter ? (
        <FormMessage tone="success">
          Mesclado. <Link to={records.manter.path}>{records.manter.label}</Link> ficou, e o endereço da duplicata redireciona para ele. A mesclagem entrou no{' '}
          <Link to="/gerenciar/catalogo/historicos">histórico</Link>.
        </FormMessage>
      ) : null}
      <Form method="get" className="grid gap-3 md:grid-cols-[12rem_1fr_1fr_auto] md:items-start" aria-label="Escolher os registros">
        <SelectField label="Tipo" name="tipo" defaultValue={params.tipo}>
          <option value="edicao">Edições</option>
          <option value="obra">Obras</option>
          <option value="autor">Autores</option>
        </SelectField>
        <TextField
          label="Registro que fica"
          name="manter"
          defaultValue={done ? '' : params.manter}
          hint={HINTS[params.tipo]}
          error={errors.manter ?? failure?.fieldErrors.manter}
          autoComplete="off"
        />
        <TextField
          label="Duplicata (será mesclada)"
          name="mesclar"
          defaultValue={done ? '' : params.mesclar}
          error={errors.mesclar ?? failure?.fieldErrors.mesclar}
          autoComplete="off"
        />
        <Button type="submit" variant="secondary" className="md:mt-7">
          Conferir
        </Button>
      </Form>
      {ready ? (
        <>
          <h2 className="font-serif text-xl font-semibold">Confira antes de mesclar</h2>
          <MergePair records={[records.manter, records.mesclar]} headings={['Fica', 'É mesclado e redireciona']} />
          <p>
            <Link to={swap}>Inverter: manter a duplicata e mesclar o outro</Link>
          </p>
          <FormMessage>{failure?.formError}</FormMessage>
          <Form method="post">
            <Button type="submit" name="intent" value="mesclar" variant="danger" pending={navigation.state === 'submitting'} pendingLabel="Mesclando…">
              Mesclar “{records.mesclar?.label}” em “{records.manter?.label}”
            </Button>
          </Form>
        </>
      ) : null}
    </div>
  );
}
