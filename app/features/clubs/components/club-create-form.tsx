import { Form, useNavigation } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormMessage, TextArea, TextField } from '~/components/ui/field';
import { fieldError, isFailure, typed, type FormResult } from '~/lib/form-result';
import { CLUB_DESCRIPTION_MAX, CLUB_NAME_MAX } from '../policy';
import { ClubEntryFields } from './club-entry-fields';

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
      <ClubEntryFields
        visibility={typed(result, 'visibility') || 'aberto'}
        categories={chosen}
        errors={{ visibility: fieldError(result, 'visibility'), categories: fieldError(result, 'categories') }}
      />
      <Button type="submit" variant="accent" pending={navigation.state === 'submitting'} pendingLabel="Criando…">
        Criar clube
      </Button>
    </Form>
  );
}
