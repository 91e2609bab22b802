import * as layoutGridDrawing from 'lucide-react/icons/layout-grid';
import * as listDrawing from 'lucide-react/icons/list';
import { lucide } from '~/components/ui/icons';
import { Form } from 'react-router';
import { Link } from '~/components/link';
import { Button } from '~/components/ui/button';
import { SelectField } from '~/components/ui/field';
import { FORMAT_OPTIONS } from '~/features/catalog/editable-fields';
import { GENRES } from '~/features/catalog/genres';
import { formatLanguage } from '~/lib/format';
import type { Bookshelf, ShelfSummary } from '../types';
import { type BookshelfParams, formatSlug } from '../shelves/validation';
import { withParams } from './bookshelf-view';

const LayoutGrid = lucide(layoutGridDrawing);
const List = lucide(listDrawing);

const RATING_OPTIONS = [
  { value: '5', label: '5 estrelas' },
  { value: '4', label: '4 ou mais' },
  { value: '3', label: '3 ou mais' },
  { value: '2', label: '2 ou mais' },
  { value: '1', label: '1 ou mais' },
  { value: 'sem-nota', label: 'Sem nota' },
];

const SORT_OPTIONS = [
  { value: 'recentes', label: 'Recentes' },
  { value: 'titulo', label: 'Título' },
  { value: 'autor', label: 'Autor' },
  { value: 'nota', label: 'Nota' },
  { value: 'leitura', label: 'Data de leitura' },
];

function Select({
  label,
  name,
  value,
  any,
  options,
}: {
  label: string;
  name: string;
  value: string | undefined;
  any?: string;
  options: { value: string; label: string }[];
}) {
  return (
    <SelectField label={label} name={name} id={`filtro-${name}`} defaultValue={value ?? ''}>
      {any ? <option value="">{any}</option> : null}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * /estante's filters and sort: a GET form, so every choice lives in the URL (shareable, works without
 * JavaScript); the status tab and the view ride along as hidden fields.
 */
export function BookshelfFilters({ params, bookshelf, shelves }: { params: BookshelfParams; bookshelf: Bookshelf; shelves: ShelfSummary[] }) {
  const filtered = Boolean(params.ano || params.nota || params.formato || params.tenho || params.genero || params.idioma || params.estante);
  return (
    <details open={filtered || params.ordem !== 'recentes'} className="rounded-xl border border-line bg-surface px-3">
      <summary className="min-h-11 cursor-pointer py-2.5 font-semibold">Filtrar e ordenar{filtered ? ' (filtros ativos)' : ''}</summary>
      <Form method="get" action="/estante" aria-label="Filtros" className="grid grid-cols-2 items-end gap-3 pb-3 md:grid-cols-4">
        {params.situacao ? <input type="hidden" name="situacao" value={params.situacao} /> : null}
        {params.visao !== 'lista' ? <input type="hidden" name="visao" value={params.visao} /> : null}
        <Select label="Ordenar por" name="ordem" value={params.ordem} options={SORT_OPTIONS} />
        <Select
          label="Lido em"
          name="ano"
          value={params.ano?.toString()}
          any="Qualquer ano"
          options={bookshelf.years.map((y) => ({ value: String(y), label: String(y) }))}
        />
        <Select label="Nota" name="nota" value={params.nota} any="Qualquer nota" options={RATING_OPTIONS} />
        <Select
          label="Formato"
          name="formato"
          value={params.formato ? formatSlug(params.formato) : undefined}
          any="Todos"
          options={FORMAT_OPTIONS.map((f) => ({ value: formatSlug(f.value), label: f.label }))}
        />
        <Select
          label="Exemplar"
          name="tenho"
          value={params.tenho}
          any="Todos"
          options={[
            { value: 'sim', label: 'Tenho' },
            { value: 'nao', label: 'Não tenho' },
          ]}
        />
        <Select label="Gênero" name="genero" value={params.genero} any="Todos" options={GENRES.map((g) => ({ value: g.slug, label: g.name }))} />
        <Select
          label="Idioma"
          name="idioma"
          value={params.idioma}
          any="Todos"
          options={bookshelf.languages.map((code) => ({ value: code, label: formatLanguage(code) }))}
        />
        <Select label="Estante" name="estante" value={params.estante} any="Todas" options={shelves.map((s) => ({ value: s.id, label: s.name }))} />
        <div className="col-span-2 flex flex-wrap items-center gap-3 md:col-span-4">
          <Button type="submit" variant="secondary">
            Filtrar
          </Button>
          {filtered ? (
            <Link to={withParams('', { situacao: params.situacao, visao: params.visao === 'lista' ? undefined : params.visao })} className="min-h-11 py-2.5">
              Limpar filtros
            </Link>
          ) : null}
        </div>
      </Form>
    </details>
  );
}

/** Lista / Grade: links that keep every filter (the view is in the URL too). */
export function ViewToggle({ search, view }: { search: string; view: BookshelfParams['visao'] }) {
  const links = [
    { value: 'lista', label: 'Lista', icon: List, to: withParams(search, { visao: undefined }) },
    { value: 'grade', label: 'Grade', icon: LayoutGrid, to: withParams(search, { visao: 'grade' }) },
  ] as const;
  return (
    <nav aria-label="Visualização" className="flex gap-1">
      {links.map(({ value, label, icon: Icon, to }) => (
        <Link
          key={value}
          to={to}
          aria-current={view === value ? 'page' : undefined}
          className={`inline-flex min-h-11 items-center gap-2 rounded-lg border px-3 py-2 font-medium no-underline ${view === value ? 'border-mar bg-mar text-on-mar' : 'border-line bg-surface text-ink'}`}
        >
          <Icon aria-hidden="true" size={18} />
          {label}
        </Link>
      ))}
    </nav>
  );
}
