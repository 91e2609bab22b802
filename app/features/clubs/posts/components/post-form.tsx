import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { SelectField, TextArea, TextField } from '~/components/ui/field';
import { fieldError, typed } from '~/lib/form-result';
import { formatNumber } from '~/lib/format';
import { CLUB_POST_MAX, CLUB_POST_TITLE_MAX, POST_VISIBILITY_LABELS } from '../../policy';
import { POST_VISIBILITIES, type PostKind, type PostVisibility } from '../../vocabulary';
import type { PlanChoice } from '../types';

type Existing = { id: string; title: string; body: string; visibility: PostVisibility; minPlan: { id: string } | null };

/**
 * Publishing a post (title, Markdown text, who reads it and, for a plan, the lowest plan) or a thread (title
 * and text: threads are always for members), or editing one (`post`). What was typed survives a failure.
 */
export function PostForm({
  kind,
  plans,
  post,
  action,
  result,
  busy,
}: {
  kind: PostKind;
  plans: PlanChoice[];
  post?: Existing;
  action: string;
  result: unknown;
  busy: boolean;
}) {
  const intent = post ? 'editar' : 'publicar';
  // A failed submission of this same form shows what was typed; another form's failure leaves it alone.
  const mine = typed(result, 'intent') === intent && typed(result, 'postId') === (post?.id ?? '');
  const value = (name: string, fallback: string) => (mine ? typed(result, name, fallback) : fallback);
  const error = (name: string) => (mine ? fieldError(result, name) : undefined);
  const id = post ? `editar-${post.id}` : `novo-${kind}`;
  return (
    <Form method="post" action={action} className="flex flex-col gap-3" aria-label={post ? 'Editar' : kind === 'post' ? 'Novo post' : 'Nova conversa'}>
      <input type="hidden" name="intent" value={intent} />
      {post ? <input type="hidden" name="postId" value={post.id} /> : null}
      <TextField
        id={`${id}-titulo`}
        label="Título"
        name="title"
        required
        maxLength={CLUB_POST_TITLE_MAX}
        defaultValue={value('title', post?.title ?? '')}
        error={error('title')}
      />
      <TextArea
        id={`${id}-texto`}
        label="Texto"
        name="body"
        required
        rows={post ? 10 : 6}
        maxLength={CLUB_POST_MAX}
        defaultValue={value('body', post?.body ?? '')}
        error={error('body')}
        hint={`Markdown: **negrito**, *itálico*, listas e links. Até ${formatNumber(CLUB_POST_MAX)} caracteres.`}
      />
      {kind === 'post' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            id={`${id}-publico`}
            label="Quem pode ler"
            name="visibility"
            defaultValue={value('visibility', post?.visibility ?? 'membros')}
            error={error('visibility')}
          >
            {POST_VISIBILITIES.filter((v) => v !== 'plano' || plans.length > 0).map((v) => (
              <option key={v} value={v}>
                {v === 'publico' ? 'Público: qualquer pessoa que veja o clube' : v === 'membros' ? 'Só membros do clube' : POST_VISIBILITY_LABELS[v]}
              </option>
            ))}
          </SelectField>
          {plans.length ? (
            <SelectField
              id={`${id}-plano`}
              label="Plano mínimo (para “Membros de um plano”)"
              name="minPlanId"
              defaultValue={value('minPlanId', post?.minPlan?.id ?? '')}
              error={error('minPlanId')}
            >
              <option value="">Escolha um plano</option>
              {plans.map((plan) => (
                <option key={plan.id} value={plan.id}>
                  {plan.name} ou acima
                </option>
              ))}
            </SelectField>
          ) : null}
        </div>
      ) : null}
      <Button type="submit" disabled={busy} className="self-start">
        {post ? 'Salvar alterações' : kind === 'post' ? 'Publicar post' : 'Abrir conversa'}
      </Button>
    </Form>
  );
}
