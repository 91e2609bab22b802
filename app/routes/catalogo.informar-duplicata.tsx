import { Form, data, redirect, useNavigation } from 'react-router';
import { Link } from '~/components/link';
import type { Route } from './+types/catalogo.informar-duplicata';
import { Button } from '~/components/ui/button';
import { FormMessage, TextArea, TextField } from '~/components/ui/field';
import { describeCatalogRecord, findAuthorsByName } from '~/features/catalog/queries.server';
import { searchEditions } from '~/features/catalog/search.server';
import { reportDuplicate } from '~/features/curation/mutations.server';
import { NOTE_MAX, duplicateFormParams, duplicateInput } from '~/features/curation/validation';
import { isFailure } from '~/lib/form-result';
import { failureFromError, parseForm } from '~/server/forms.server';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Informar duplicata · Maratona' }];

const CANDIDATES = 10;

async function targetOf(request: Request) {
  const params = duplicateFormParams.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!params.success) throw data(null, { status: 404 });
  const target = await describeCatalogRecord(params.data.entity, params.data.ref);
  if (!target) throw data(null, { status: 404 });
  return { ...params.data, target };
}

/** The records a search finds, minus the one the reader came from; `ref` is what the form posts back. */
async function candidatesFor(entity: 'edition' | 'author', query: string, excludeId: string) {
  if (!query) return [];
  if (entity === 'author') {
    const authors = await findAuthorsByName(query, CANDIDATES + 1);
    return authors.filter((a) => a.id !== excludeId).map((a) => ({ ref: a.slug, label: a.name, detail: `/autor/${a.slug}` }));
  }
  const page = await searchEditions(query, {}, 1, CANDIDATES + 1, false);
  return page.items
    .filter((e) => e.id !== excludeId)
    .map((e) => ({ ref: e.id, label: e.title, detail: [e.authors.map((a) => a.name).join(', '), e.publisher, e.year].filter(Boolean).join(' · ') }));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireViewer({ request, context });
  const { entity, query, target } = await targetOf(request);
  return { entity, query, target, candidates: (await candidatesFor(entity, query, target.id)).slice(0, CANDIDATES) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer({ request, context });
  const { entity, ref } = await targetOf(request);
  const parsed = parseForm(await request.formData(), duplicateInput[entity]);
  if (!parsed.ok) return parsed.failure;
  try {
    const created = await reportDuplicate(viewer, { entity, target: ref, other: parsed.value.other, note: parsed.value.note });
    return redirect(`/catalogo/minhas-solicitacoes?enviada=${created.code}`);
  } catch (error) {
    return failureFromError(error, parsed.fields);
  }
}

export default function ReportDuplicate({ loaderData, actionData }: Route.ComponentProps) {
  const { entity, query, target, candidates } = loaderData;
  const failure = isFailure(actionData) ? actionData : undefined;
  const navigation = useNavigation();
  const isEdition = entity === 'edition';
  const param = isEdition ? 'edicao' : 'autor';
  const targetRef = isEdition ? target.id : target.path.replace('/autor/', '');
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="font-serif text-3xl font-bold">Informar duplicata</h1>
      <p className="text-muted">
        {isEdition ? 'Esta edição' : 'Este autor'} aparece duas vezes no catálogo? Indique {isEdition ? 'a outra' : 'o outro'}: um curador confere, escolhe qual
        fica e junta as duas páginas numa só. Você acompanha em <Link to="/catalogo/minhas-solicitacoes">Minhas solicitações</Link>.
      </p>
      <p className="rounded-xl border border-line bg-surface p-3">
        <span className="text-sm text-muted">{isEdition ? 'Edição' : 'Autor'} desta página: </span>
        <Link to={target.path} className="font-semibold">
          {target.label}
        </Link>
        <span className="block text-sm text-muted">
          {target.facts
            .filter((f) => f.value !== '(vazio)')
            .slice(0, 3)
            .map((f) => `${f.label}: ${f.value}`)
            .join(' · ')}
        </span>
      </p>
      <Form method="get" className="flex flex-wrap items-end gap-3" role="search" aria-label={isEdition ? 'Busca da outra edição' : 'Busca do outro autor'}>
        <input type="hidden" name={param} value={targetRef} />
        <div className="min-w-0 flex-1">
          <TextField
            name="busca"
            type="search"
            label={isEdition ? 'Buscar a outra edição' : 'Buscar o outro autor'}
            hint={isEdition ? 'Título, autor ou ISBN.' : 'Nome do autor.'}
            defaultValue={query}
          />
        </div>
        <Button type="submit" variant="secondary">
          Buscar
        </Button>
      </Form>
      <FormMessage>{failure?.formError}</FormMessage>
      <Form method="post" className="flex flex-col gap-4" noValidate>
        {query ? (
          candidates.length > 0 ? (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 font-medium">Resultados para “{query}”</legend>
              {candidates.map((c) => (
                <label key={c.ref} className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-line bg-surface p-3">
                  <input type="radio" name="outro" value={c.ref} className="mt-1 size-5 shrink-0" defaultChecked={failure?.fields.outro === c.ref} />
                  <span className="flex flex-col">
                    <span className="font-semibold">{c.label}</span>
                    <span className="text-sm text-muted">{c.detail}</span>
                  </span>
                </label>
              ))}
            </fieldset>
          ) : (
            <p className="text-muted">Nada encontrado para “{query}”. Tente outras palavras, ou cole o link abaixo.</p>
          )
        ) : null}
        <TextField
          name="link"
          label={isEdition ? 'Ou cole o link da outra edição' : 'Ou cole o link do outro autor'}
          hint={isEdition ? 'O endereço da página dela, como https://…/ed/…' : 'O endereço da página dele, como https://…/autor/…'}
          autoComplete="off"
          defaultValue={failure?.fields.link ?? ''}
          error={failure?.fieldErrors.link}
        />
        <TextArea
          name="note"
          label="Observação para o curador (opcional)"
          hint={isEdition ? 'Por que são o mesmo livro? Mesmo ISBN, mesma capa…' : 'Por que são a mesma pessoa? Mesmas obras, nome grafado de outro jeito…'}
          maxLength={NOTE_MAX}
          defaultValue={failure?.fields.note ?? ''}
          error={failure?.fieldErrors.note}
        />
        <Button type="submit" className="self-start" pending={navigation.state === 'submitting'}>
          Enviar solicitação
        </Button>
      </Form>
    </div>
  );
}
