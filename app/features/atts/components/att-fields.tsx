import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { SelectField, TextArea, TextField } from '~/components/ui/field';
import { type FormResult, fieldError, isFailure, typed } from '~/lib/form-result';
import { formatNumber } from '~/lib/format';
import { IMAGE_ACCEPT } from '~/lib/image-rules';
import { VISIBILITIES, VISIBILITY_LABELS } from '~/features/social/vocabulary';
import { ATT_IMAGES_INPUT, ATT_IMAGES_MAX, ATT_TEXT_MAX } from '../policy';

const UNVERIFIED = 'Confirme seu e-mail para publicar atts: procure o link que enviamos para você (ou peça outro em Configurações).';

/** Text, visibility, spoiler and up to four photos: what an att adds to the form it is posted from. */
function AttFields({ result, textLabel, textHint }: { result: FormResult | undefined; textLabel: string; textHint: string }) {
  return (
    <>
      <TextArea
        label={textLabel}
        name="attText"
        maxLength={ATT_TEXT_MAX}
        rows={3}
        defaultValue={typed(result, 'attText')}
        error={fieldError(result, 'attText')}
        hint={textHint}
      />
      <SelectField
        label="Quem pode ver a att"
        name="attVisibility"
        defaultValue={typed(result, 'attVisibility', 'publico')}
        error={fieldError(result, 'attVisibility')}
      >
        {VISIBILITIES.map((visibility) => (
          <option key={visibility} value={visibility}>
            {VISIBILITY_LABELS[visibility]}
          </option>
        ))}
      </SelectField>
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" name="attSpoiler" value="sim" defaultChecked={typed(result, 'attSpoiler') === 'sim'} className="size-5" />A att tem spoiler
      </label>
      <TextField
        type="file"
        name={ATT_IMAGES_INPUT}
        label="Fotos (opcional)"
        multiple
        accept={IMAGE_ACCEPT}
        hint={`Até ${ATT_IMAGES_MAX} fotos: JPEG, PNG, WebP ou GIF, até 5 MB cada. Só quem pode ver a att vê as fotos.`}
        error={fieldError(result, ATT_IMAGES_INPUT)}
      />
    </>
  );
}

/** "Publicar como att", folded inside the progress form: opened again when the att part was refused. */
export function ProgressAttOption({ result, verified }: { result: FormResult | undefined; verified: boolean }) {
  const wanted = typed(result, 'att') === 'sim';
  if (!verified) return <p className="text-sm text-muted">{UNVERIFIED}</p>;
  return (
    <details open={wanted && isFailure(result)} className="rounded-lg border border-line p-3">
      <summary className="min-h-11 cursor-pointer py-2 font-medium">Publicar como att</summary>
      <div className="flex flex-col gap-3 pt-2">
        <label className="flex min-h-11 items-center gap-2">
          <input type="checkbox" name="att" value="sim" defaultChecked={wanted} className="size-5" />
          Publicar esta atualização como att
        </label>
        <AttFields
          result={result}
          textLabel="Texto da att (opcional)"
          textHint={`Em branco, a att leva o comentário acima. Até ${formatNumber(ATT_TEXT_MAX)} caracteres.`}
        />
      </div>
    </details>
  );
}

/** After marking a book `lido`: tell people, with photos if you like. A refusal of the whole form shows at the top of the shelf panel. */
export function FinishedAttForm({ result, verified, busy }: { result: FormResult | undefined; verified: boolean; busy: boolean }) {
  const mine = typed(result, 'intent') === 'publicar-att';
  return (
    <section aria-labelledby="publicar-att" className="flex flex-col gap-3 border-t border-line pt-4">
      <h3 id="publicar-att" className="font-semibold">
        Publicar att
      </h3>
      {verified ? (
        <details open={mine && isFailure(result)}>
          <summary className="min-h-11 cursor-pointer py-2 text-sm text-muted">Conte que terminou este livro</summary>
          <Form method="post" encType="multipart/form-data" className="flex flex-col gap-3" aria-label="Publicar att">
            <input type="hidden" name="intent" value="publicar-att" />
            <AttFields result={mine ? result : undefined} textLabel="O que achou? (opcional)" textHint={`Até ${formatNumber(ATT_TEXT_MAX)} caracteres.`} />
            <Button type="submit" variant="accent" disabled={busy} className="self-start">
              Publicar att
            </Button>
          </Form>
        </details>
      ) : (
        <p className="text-sm text-muted">{UNVERIFIED}</p>
      )}
    </section>
  );
}
