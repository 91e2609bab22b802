import { useState } from 'react';
import { FormMessage } from '~/components/ui/field';
import { isFailure, isSuccess, typed, type FormResult } from '~/lib/form-result';
import type { ClubDetail } from '../../types';
import { BrandingForm } from './branding-form';
import { ClubSettingsForm } from './club-settings-form';
import { HeaderPreview } from './header-preview';
import { ImageForm } from './image-forms';

const section = 'flex flex-col gap-4 rounded-xl border border-line bg-surface p-4';

/**
 * /admin/personalizar: the header's preview on top, following the name and colour inputs of the forms below
 * (each form posts on its own, so a refused colour never loses the settings typed, and the other way round).
 */
export function Personalize({ club, result, isNew }: { club: ClubDetail; result: FormResult | undefined; isNew: boolean }) {
  const failedColors = isFailure(result) && result.fields.intent === 'cores';
  const failedSettings = isFailure(result) && result.fields.intent === 'configuracoes';
  const [name, setName] = useState(failedSettings ? typed(result, 'name', club.name) : club.name);
  const [colors, setColors] = useState({
    primaryColor: failedColors ? typed(result, 'primaryColor', club.primaryColor) : club.primaryColor,
    accentColor: failedColors ? typed(result, 'accentColor', club.accentColor) : club.accentColor,
  });
  return (
    <div className="flex flex-col gap-6">
      {isNew && !result ? (
        <FormMessage tone="success">
          Seu clube nasceu! Dê a ele uma foto, uma capa e as cores dele, escreva as boas-vindas e as regras. Quando estiver pronto, convide os primeiros
          membros.
        </FormMessage>
      ) : null}
      <FormMessage tone="success">{isSuccess(result) ? result.success : null}</FormMessage>
      <FormMessage>{isFailure(result) && result.formError ? result.formError : null}</FormMessage>
      <section aria-labelledby="aparencia-titulo" className={section}>
        <h2 id="aparencia-titulo" className="font-serif text-xl font-semibold">
          Aparência
        </h2>
        <HeaderPreview
          values={{ name, ...colors, avatarUrl: club.avatarUrl, bannerUrl: club.bannerUrl }}
          saved={{ primaryColor: club.primaryColor, accentColor: club.accentColor }}
        />
        <BrandingForm values={colors} result={result} onChange={setColors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <ImageForm kind="avatar" current={club.avatarUrl} result={result} />
          <ImageForm kind="banner" current={club.bannerUrl} result={result} />
        </div>
      </section>
      <section aria-labelledby="configuracoes-titulo" className={section}>
        <h2 id="configuracoes-titulo" className="font-serif text-xl font-semibold">
          Configurações
        </h2>
        <ClubSettingsForm club={club} result={result} onNameChange={setName} />
      </section>
    </div>
  );
}
