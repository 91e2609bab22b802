import { Form } from 'react-router';
import { Link } from '~/components/link';
import { Avatar } from '~/components/ui/avatar';
import { Button } from '~/components/ui/button';
import { FormMessage, TextArea } from '~/components/ui/field';
import { usePosting } from '~/features/reading/components/use-posting';
import { type FormResult, fieldError, isFailure, typed } from '~/lib/form-result';
import { WHISPER_MAX } from '../policy';
import type { WhisperTarget } from '../types';

/** /sussurrar/{username}: the first message of a conversation, or why this reader does not take whispers from the viewer. */
export function StartWhisperView({ target, clientId, result }: { target: WhisperTarget; clientId: string; result: FormResult | undefined }) {
  const busy = usePosting();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <header className="flex items-center gap-3">
        <Avatar name={target.name} image={target.image} size={48} />
        <div className="flex flex-col">
          <h1 className="font-serif text-2xl font-bold">Sussurrar para {target.name}</h1>
          <Link to={`/u/${target.username}`}>@{target.username}</Link>
        </div>
      </header>
      {target.refusal ? (
        <p className="rounded-xl border border-line bg-surface p-4">{target.refusal}</p>
      ) : (
        <Form method="post" className="flex flex-col gap-3" noValidate>
          <input type="hidden" name="clientId" value={typed(result, 'clientId', clientId)} />
          <FormMessage>{isFailure(result) ? result.formError : null}</FormMessage>
          <TextArea
            label="Sua mensagem"
            name="body"
            rows={4}
            hint={`Só vocês dois vão ler. Até ${WHISPER_MAX.toLocaleString('pt-BR')} caracteres.`}
            defaultValue={typed(result, 'body')}
            error={fieldError(result, 'body')}
          />
          <Button type="submit" pending={busy} className="self-start">
            Enviar sussurro
          </Button>
        </Form>
      )}
      <Link to="/sussurros">Ver suas conversas</Link>
    </div>
  );
}
