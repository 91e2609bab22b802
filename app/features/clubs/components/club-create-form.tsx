import { Form, useNavigation } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormMessage, TextArea, TextField } from '~/components/ui/field';
import { fieldError, isFailure, typed, type FormResult } from '~/lib/form-result';
import { CATEGORY_LABELS } from '../labels';
import { CLUB_CATEGORIES_MAX, CLUB_DESCRIPTION_MAX, CLUB_NAME_MAX, CLUB_VISIBILITY_LABELS } from '../policy';
import { CLUB_CATEGORIES, CLUB_VISIBILITIES } from '../vocabulary';

/** /criar's club form: name, description, who may enter, categories; the rest is in the club's admin. */
export function ClubCreateForm({ result }: { result: FormResult | undefined }) {
  const navigation = useNavigation();
  const chosen = isFailure(result) ? (result.fields.categories ?? '').split(',').filter(Boolean) : [];
  return (
    <Form method="post" className="flex flex-col gap-4" aria-describedby="criar-clube-ajuda">
      <p id="criar-clube-ajuda" className="text-sm text-muted">
        Você será o dono do clube. Foto, capa, cores, regras e planos ficam na área de administração do clube.
      </p>
      <FormMessage>{isFailure(result) ? result.formError : null}</FormMessage>
      <TextField label="Nome do clube" name="name" required maxLength={CLUB_NAME_MAX} defaultValue={typed(result, 'name')} error={fieldError(result, 'name')} />
      <TextArea
        label="Descrição"
        name="description"
        maxLength={CLUB_DESCRIPTION_MAX}
        hint="Do que o clube fala, o que vocês leem. Aceita Markdown simples."
        defaultValue={typed(result, 'description')}
        error={fieldError(result, 'description')}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="font-medium">Quem pode entrar</legend>
        {CLUB_VISIBILITIES.map((visibility) => (
          <label key={visibility} className="flex min-h-11 items-center gap-2">
            <input type="radio" name="visibility" value={visibility} required defaultChecked={(typed(result, 'visibility') || 'aberto') === visibility} />
            {CLUB_VISIBILITY_LABELS[visibility]}
          </label>
        ))}
        {fieldError(result, 'visibility') ? (
          <p className="text-sm font-medium text-danger" role="alert">
            {fieldError(result, 'visibility')}
          </p>
        ) : null}
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="font-medium">Categorias (até {CLUB_CATEGORIES_MAX})</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {CLUB_CATEGORIES.map((category) => (
            <label key={category} className="flex min-h-11 items-center gap-2">
              <input type="checkbox" name="categories" value={category} defaultChecked={chosen.includes(category)} />
              {CATEGORY_LABELS[category]}
            </label>
          ))}
        </div>
        {fieldError(result, 'categories') ? (
          <p className="text-sm font-medium text-danger" role="alert">
            {fieldError(result, 'categories')}
          </p>
        ) : null}
      </fieldset>
      <Button type="submit" variant="accent" pending={navigation.state === 'submitting'} pendingLabel="Criando…">
        Criar clube
      </Button>
    </Form>
  );
}
