import { Link } from '~/components/link';
import type { Route } from './+types/streamer';
import { OverlayPreview } from '~/features/overlays/components/overlay-preview';
import { TokenPanel } from '~/features/overlays/components/token-panel';
import { streamerAction, streamerLoader } from '~/features/overlays/streamer-page.server';
import { isFailure, isSuccess } from '~/lib/form-result';

export const meta: Route.MetaFunction = () => [{ title: 'Ferramentas de streamer · Maratona' }];

export const loader = (args: Route.LoaderArgs) => streamerLoader(args);
export const action = (args: Route.ActionArgs) => streamerAction(args);

export default function Streamer({ loaderData, actionData }: Route.ComponentProps) {
  const issued = actionData && 'links' in actionData ? (actionData.links ?? null) : null;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="font-serif text-3xl font-bold">Ferramentas de streamer</h1>
        <p className="text-muted">Coloque o livro que você está lendo e a sua foca na live, como fontes de navegador do OBS.</p>
      </header>
      <TokenPanel
        createdAt={loaderData.token?.createdAt ?? null}
        issued={issued}
        error={isFailure(actionData) ? actionData.formError : undefined}
        notice={isSuccess(actionData) ? actionData.success : undefined}
      />
      <section aria-labelledby="como-usar" className="flex flex-col gap-2">
        <h2 id="como-usar" className="font-serif text-xl font-bold">
          Como usar no OBS
        </h2>
        <ol className="list-decimal pl-6">
          <li>Em Fontes, clique em + e escolha Navegador.</li>
          <li>Cole um dos links acima em URL, com largura 1920 e altura 1080.</li>
          <li>O fundo já é transparente: o cartão aparece no canto que você escolheu e muda sozinho, em até 2 segundos.</li>
        </ol>
      </section>
      <section aria-labelledby="previas" className="flex flex-col gap-4">
        <h2 id="previas" className="font-serif text-xl font-bold">
          Prévias
        </h2>
        <div className="grid gap-6 md:grid-cols-2">
          <div className="flex flex-col gap-2">
            <OverlayPreview content={loaderData.capa} label="Livro atual" />
            <Link to="/foca/capa/overlay" className="font-medium text-mar underline">
              Mudar a aparência do livro atual
            </Link>
          </div>
          <div className="flex flex-col gap-2">
            <OverlayPreview content={loaderData.foca} label="Foca" />
            <Link to="/foca/overlay" className="font-medium text-mar underline">
              Mudar a aparência da foca
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
