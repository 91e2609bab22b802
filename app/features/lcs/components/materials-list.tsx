import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { fieldError, isFailure, typed } from '~/lib/form-result';
import { GROUP_READ_MATERIALS_MAX, MATERIAL_TITLE_MAX } from '../policy';
import type { GroupReadMaterial } from '../types';

const KIND_LABELS = { pdf: 'PDF', image: 'Imagem' } as const;

function MaterialLink({ material }: { material: GroupReadMaterial }) {
  if (material.kind === 'link')
    return (
      <a href={material.url} rel="nofollow ugc noopener" target="_blank" className="break-words">
        {material.title}
      </a>
    );
  return (
    <span className="flex flex-wrap items-baseline gap-2">
      <a href={material.url} className="break-words" {...(material.fileKind === 'pdf' ? { download: '' } : {})}>
        {material.title}
      </a>
      <span className="text-sm text-muted">{material.fileKind ? KIND_LABELS[material.fileKind] : 'Arquivo'}</span>
    </span>
  );
}

/** The hosts' buttons of one material: one place up or down, or out. */
function MaterialTools({ material, first, last }: { material: GroupReadMaterial; first: boolean; last: boolean }) {
  return (
    <Form method="post" className="flex flex-wrap gap-2">
      <input type="hidden" name="materialId" value={material.id} />
      <Button type="submit" name="intent" value="subir" variant="quiet" disabled={first} aria-label={`Subir “${material.title}”`}>
        ↑
      </Button>
      <Button type="submit" name="intent" value="descer" variant="quiet" disabled={last} aria-label={`Descer “${material.title}”`}>
        ↓
      </Button>
      <Button type="submit" name="intent" value="remover" variant="secondary" aria-label={`Remover “${material.title}”`}>
        Remover
      </Button>
    </Form>
  );
}

/** The materials in the host's order, links opening elsewhere and files from the LC; hosts reorder and remove. */
export function MaterialsList({ materials, manage }: { materials: readonly GroupReadMaterial[]; manage: boolean }) {
  if (materials.length === 0)
    return (
      <p className="rounded-xl border border-line bg-surface p-4">
        {manage
          ? 'Nenhum material ainda. Adicione abaixo um link (uma playlist, um guia de leitura) ou um arquivo em PDF ou imagem.'
          : 'Quem organiza ainda não compartilhou materiais. Guias, playlists e mapas aparecem aqui.'}
      </p>
    );
  return (
    <ol className="flex flex-col divide-y divide-line rounded-xl border border-line bg-surface">
      {materials.map((material, i) => (
        <li key={material.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
          <MaterialLink material={material} />
          {manage ? <MaterialTools material={material} first={i === 0} last={i === materials.length - 1} /> : null}
        </li>
      ))}
    </ol>
  );
}

/** The hosts' two forms: a link, or a file (PDF up to 10 MB, image up to 5 MB). What was typed stays after a refusal. */
export function MaterialForms({ result, count }: { result: unknown; count: number }) {
  const sent = (intent: string) => isFailure(result) && result.fields.intent === intent;
  const keep = (intent: string, name: string) => (sent(intent) ? typed(result, name) : '');
  const errorOf = (intent: string, name: string) => (sent(intent) ? fieldError(result, name) : undefined);
  if (count >= GROUP_READ_MATERIALS_MAX) return <p className="text-sm text-muted">A LC chegou a {GROUP_READ_MATERIALS_MAX} materiais, o máximo.</p>;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section aria-labelledby="novo-link" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
        <h3 id="novo-link" className="font-serif text-lg font-semibold">
          Adicionar um link
        </h3>
        <Form method="post" className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="link" />
          <TextField label="Título" name="title" maxLength={MATERIAL_TITLE_MAX} defaultValue={keep('link', 'title')} error={errorOf('link', 'title')} />
          <TextField label="Endereço" name="url" type="url" placeholder="https://" defaultValue={keep('link', 'url')} error={errorOf('link', 'url')} />
          <div>
            <Button type="submit">Adicionar link</Button>
          </div>
        </Form>
      </section>
      <section aria-labelledby="novo-arquivo" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
        <h3 id="novo-arquivo" className="font-serif text-lg font-semibold">
          Enviar um arquivo
        </h3>
        <Form method="post" encType="multipart/form-data" className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="arquivo" />
          <TextField
            label="Título"
            name="title"
            maxLength={MATERIAL_TITLE_MAX}
            defaultValue={keep('arquivo', 'title')}
            error={errorOf('arquivo', 'title')}
            hint="Em branco: o nome do arquivo."
          />
          <TextField
            label="Arquivo"
            name="file"
            type="file"
            accept="application/pdf,image/jpeg,image/png,image/webp,image/gif"
            error={errorOf('arquivo', 'file')}
            hint="PDF de até 10 MB, ou imagem JPEG, PNG, WebP ou GIF de até 5 MB. Só quem pode ver a LC baixa."
          />
          <div>
            <Button type="submit">Enviar arquivo</Button>
          </div>
        </Form>
      </section>
    </div>
  );
}
