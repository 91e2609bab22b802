import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { fieldError, isFailure, type FormResult } from '~/lib/form-result';

type Colors = { primaryColor: string; accentColor: string };

/** The club's colours as hex, each checked for white text (the preview above redraws as they change). */
export function BrandingForm({ values, result, onChange }: { values: Colors; result: FormResult | undefined; onChange: (colors: Colors) => void }) {
  const mine = isFailure(result) && result.fields.intent === 'cores';
  const error = (name: string) => (mine ? fieldError(result, name) : undefined);
  const hint = 'No formato #rrggbb. O texto branco sobre ela precisa de contraste de pelo menos 4,5:1.';
  return (
    <Form method="post" className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="cores" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Cor principal"
          name="primaryColor"
          required
          maxLength={7}
          autoComplete="off"
          spellCheck={false}
          hint={hint}
          value={values.primaryColor}
          error={error('primaryColor')}
          onChange={(event) => onChange({ ...values, primaryColor: event.currentTarget.value })}
        />
        <TextField
          label="Cor de destaque"
          name="accentColor"
          required
          maxLength={7}
          autoComplete="off"
          spellCheck={false}
          hint={hint}
          value={values.accentColor}
          error={error('accentColor')}
          onChange={(event) => onChange({ ...values, accentColor: event.currentTarget.value })}
        />
      </div>
      <Button type="submit" className="self-start">
        Salvar cores
      </Button>
    </Form>
  );
}
