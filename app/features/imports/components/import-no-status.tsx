import { fieldError, type FormResult, typed } from '~/lib/form-result';
import { formatNumber } from '~/lib/format';

const CHOICES = [
  ['quero-ler', 'Quero ler', 'Entram na estante como “quero ler”, sem leitura registrada.'],
  ['ignorar', 'Ignorar estas linhas', 'Ficam de fora da importação; nada é criado para elas.'],
] as const;

/**
 * The question of the confirm form when the file has rows without a status (StoryGraph's empty "Read Status",
 * Goodreads' empty "Exclusive Shelf"): such a row is never counted as read; the reader says what it becomes.
 */
export function NoStatusQuestion({ rows, result }: { rows: number; result: FormResult | undefined }) {
  const error = fieldError(result, 'sem_status');
  const chosen = typed(result, 'sem_status', 'quero-ler');
  return (
    <fieldset
      className="flex w-full flex-col gap-2 rounded-xl border border-line bg-surface p-4"
      aria-describedby={`sem-status-explica${error ? ' sem-status-erro' : ''}`}
    >
      <legend className="font-serif text-xl font-bold">{rows === 1 ? '1 linha sem status' : `${formatNumber(rows)} linhas sem status`}</legend>
      <p id="sem-status-explica" className="text-sm text-muted">
        O arquivo não diz se {rows === 1 ? 'este livro foi lido' : 'estes livros foram lidos'}, se você está lendo ou se quer ler. Sem status, não contamos como
        lido nem criamos uma leitura, mesmo que a linha traga datas. O que fazer com {rows === 1 ? 'ela' : 'elas'}?
      </p>
      {CHOICES.map(([value, label, hint]) => (
        <label key={value} className="flex min-h-11 items-start gap-2">
          <input type="radio" name="sem_status" value={value} defaultChecked={chosen === value} className="mt-1 size-5 accent-coral" />
          <span>
            <span className="font-medium">{label}</span>
            <span className="block text-sm text-muted">{hint}</span>
          </span>
        </label>
      ))}
      {error ? (
        <p id="sem-status-erro" className="text-sm font-medium text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
