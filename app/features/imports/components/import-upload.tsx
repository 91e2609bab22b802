import { Form, useNavigation } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormMessage, TextField } from '~/components/ui/field';
import { type FormResult, fieldError, isFailure } from '~/lib/form-result';
import { READER_IMPORT_LIMITS_TEXT } from '../limits';

/** The file field of the import pages: any of the three sources, recognised by its columns. */
export function ImportUploadForm({ result, title = 'Enviar arquivo' }: { result: FormResult | undefined; title?: string }) {
  const navigation = useNavigation();
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4"
      aria-labelledby="enviar-arquivo"
    >
      <h2 id="enviar-arquivo" className="font-serif text-xl font-bold">
        {title}
      </h2>
      <TextField
        label="Arquivo CSV (ou o .zip do Maratona)"
        name="arquivo"
        type="file"
        accept=".csv,.txt,.zip,.json,text/csv,text/plain,application/zip,application/json"
        hint={`Reconhecemos sozinhos se ele veio do Goodreads, do StoryGraph ou do Maratona (${READER_IMPORT_LIMITS_TEXT}). Antes de qualquer mudança na sua estante, você vê uma prévia.`}
        error={fieldError(result, 'arquivo')}
      />
      {isFailure(result) && result.formError ? <FormMessage>{result.formError}</FormMessage> : null}
      <Button type="submit" className="self-start" pending={navigation.state === 'submitting'} pendingLabel="Lendo o arquivo…">
        Ver prévia
      </Button>
    </Form>
  );
}
