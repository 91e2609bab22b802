import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { TextArea, TextField } from '~/components/ui/field';
import { fieldError, isFailure, typed, type FormResult } from '~/lib/form-result';
import { ClubEntryFields } from '../../components/club-entry-fields';
import { CLUB_DESCRIPTION_MAX, CLUB_NAME_MAX, CLUB_RULES_MAX, CLUB_WELCOME_MAX } from '../../policy';
import type { ClubDetail } from '../../types';

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
      <ClubEntryFields
        visibility={visibility}
        categories={categories}
        errors={{ visibility: error('visibility'), categories: error('categories') }}
        hint="Ao tornar o clube privado, as LCs públicas dele passam a ser só para membros: quem participa sem ser membro sai delas."
      />
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
