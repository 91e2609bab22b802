import * as chevronDownDrawing from 'lucide-react/icons/chevron-down';
import * as slidersHorizontalDrawing from 'lucide-react/icons/sliders-horizontal';
import { lucide } from '~/components/ui/icons';
import { Form, useNavigation } from 'react-router';
import { Button } from '~/components/ui/button';
import { SelectField, TextField } from '~/components/ui/field';
import { GENRES } from '../genres';
import type { CatalogSearchParams } from '../validation';

const ChevronDown = lucide(chevronDownDrawing);
const SlidersHorizontal = lucide(slidersHorizontalDrawing);

export const LANGUAGES: Record<string, string> = { pt: 'Português', en: 'Inglês', es: 'Espanhol', fr: 'Francês', it: 'Italiano', de: 'Alemão', ja: 'Japonês' };

/** A GET form: results have a URL to share, and it works before JavaScript arrives. */
export function CatalogSearchForm({ action, params, withFilters = true }: { action: string; params: CatalogSearchParams; withFilters?: boolean }) {
  const navigation = useNavigation();
  const searching = navigation.state === 'loading' && navigation.location.pathname === action;
  return (
    <Form method="get" action={action} role="search" className="flex flex-col gap-3">
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <TextField
            label="Buscar no catálogo"
            name="q"
            type="search"
            defaultValue={params.q}
            placeholder="Título, autor, editora ou ISBN"
            autoComplete="off"
            maxLength={200}
          />
        </div>
        <Button type="submit" pending={searching} pendingLabel="Buscando…">
          Buscar
        </Button>
      </div>
      {withFilters ? (
        <details open={Boolean(params.formato || params.idioma || params.genero)} className="group">
          <summary className="inline-flex min-h-11 cursor-pointer items-center gap-2 font-medium text-mar">
            <SlidersHorizontal aria-hidden="true" size={18} />
            Filtros
            <ChevronDown aria-hidden="true" size={16} className="transition-transform group-open:rotate-180" />
          </summary>
          <fieldset className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-3">
            <legend className="sr-only">Filtros</legend>
            <SelectField label="Formato" name="formato" defaultValue={params.formato ?? ''}>
              <option value="">Todos</option>
              <option value="fisico">Físico (brochura ou capa dura)</option>
              <option value="brochura">Brochura</option>
              <option value="capa_dura">Capa dura</option>
              <option value="ebook">E-book</option>
              <option value="audiolivro">Audiolivro</option>
            </SelectField>
            <SelectField label="Idioma" name="idioma" defaultValue={params.idioma ?? ''}>
              <option value="">Todos</option>
              {Object.entries(LANGUAGES).map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </SelectField>
            <SelectField label="Gênero" name="genero" defaultValue={params.genero ?? ''}>
              <option value="">Todos</option>
              {GENRES.map((genre) => (
                <option key={genre.slug} value={genre.slug}>
                  {genre.name}
                </option>
              ))}
            </SelectField>
          </fieldset>
        </details>
      ) : null}
    </Form>
  );
}
