import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { TextArea, TextField } from '~/components/ui/field';
import { fieldError, isFailure, typed, type FormResult } from '~/lib/form-result';
import { CATEGORY_LABELS } from '../../labels';
import { CLUB_CATEGORIES_MAX, CLUB_DESCRIPTION_MAX, CLUB_NAME_MAX, CLUB_RULES_MAX, CLUB_VISIBILITY_LABELS, CLUB_WELCOME_MAX } from '../../policy';
import type { ClubDetail } from '../../types';
import { CLUB_CATEGORIES, CLUB_VISIBILITIES } from '../../vocabulary';

function FieldsetError({ message }: { message: string | undefined }) {
  return message ? (
    <p className="text-sm font-medium text-danger" role="alert">
      {message}
    </p>
  ) : null;
}

/** The club's settings: what it is called and says, who may enter, its limits (the identificador keeps old links working). */
export function ClubSettingsForm({ club, result, onNameChange }: { club: ClubDetail; result: FormResult | undefined; onNameChange: (name: string) => void }) {
  const mine = isFailure(result) && result.fields.intent === 'configuracoes';
  const value = (name: string, saved: string) => (mine ? typed(result, name, saved) : saved);
  const error = (name: string) => (mine ? fieldError(result, name) : undefined);
  const categories = mine ? (result.fields.categories ?? '').split(',').filter(Boolean) : club.categories;
  const visibility = value('visibility', club.visibility);
  return (
    <Form method="post" className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="configuracoes" />
      <TextField
        label="Nome do clube"
        name="name"
        required
        maxLength={CLUB_NAME_MAX}
        defaultValue={value('name', club.name)}
        error={error('name')}
        onChange={(event) => onNameChange(event.currentTarget.value)}
      />
      <TextField
        label="Identificador"
        name="slug"
        required
        maxLength={60}
        hint={`O endereço do clube: /clube/${club.slug}. Se mudar, o endereço antigo continua levando ao clube.`}
        defaultValue={value('slug', club.slug)}
        error={error('slug')}
      />
      <TextArea
        label="Descrição"
        name="description"
        maxLength={CLUB_DESCRIPTION_MAX}
        hint="Aceita Markdown simples."
        defaultValue={value('description', club.description)}
        error={error('description')}
      />
      <TextArea
        label="Texto de boas-vindas"
        name="welcomeText"
        maxLength={CLUB_WELCOME_MAX}
        hint="Quem entra no clube lê isto primeiro."
        defaultValue={value('welcomeText', club.welcomeText)}
        error={error('welcomeText')}
      />
      <TextArea label="Regras" name="rules" maxLength={CLUB_RULES_MAX} defaultValue={value('rules', club.rules)} error={error('rules')} />
      <fieldset className="flex flex-col gap-2">
        <legend className="font-medium">Quem pode entrar</legend>
        {CLUB_VISIBILITIES.map((option) => (
          <label key={option} className="flex min-h-11 items-center gap-2">
            <input type="radio" name="visibility" value={option} required defaultChecked={visibility === option} />
            {CLUB_VISIBILITY_LABELS[option]}
          </label>
        ))}
        <FieldsetError message={error('visibility')} />
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="font-medium">Categorias (até {CLUB_CATEGORIES_MAX})</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {CLUB_CATEGORIES.map((category) => (
            <label key={category} className="flex min-h-11 items-center gap-2">
              <input type="checkbox" name="categories" value={category} defaultChecked={categories.includes(category)} />
              {CATEGORY_LABELS[category]}
            </label>
          ))}
        </div>
        <FieldsetError message={error('categories')} />
      </fieldset>
      <TextField
        label="Limite de membros"
        name="memberCap"
        inputMode="numeric"
        hint="Deixe em branco para não limitar."
        defaultValue={value('memberCap', club.memberCap === null ? '' : String(club.memberCap))}
        error={error('memberCap')}
      />
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" name="membersCanPost" value="true" defaultChecked={mine ? result.fields.membersCanPost === 'true' : club.membersCanPost} />
        Membros também podem publicar em Posts
      </label>
      <Button type="submit" className="self-start">
        Salvar configurações
      </Button>
    </Form>
  );
}
