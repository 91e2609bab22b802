import { Form, redirect } from 'react-router';
import type { Route } from './+types/maratonas.aviso';
import { Button } from '~/components/ui/button';
import { acceptMarathonNotice } from '~/features/marathons/mutations.server';
import { hasAcceptedNotice } from '~/features/marathons/queries.server';
import { noticeReturn } from '~/features/marathons/validation';
import { requireViewer } from '~/server/viewer.server';

export const meta: Route.MetaFunction = () => [{ title: 'Aviso sobre maratonas da comunidade · Maratona' }];

const back = (request: Request) => noticeReturn.parse(new URL(request.url).searchParams.get('voltar') ?? undefined);

/** The notice a reader accepts once before creating or joining a community marathon (PRODUCT.md §G). */
export async function loader(args: Route.LoaderArgs) {
  const viewer = await requireViewer(args);
  return { accepted: await hasAcceptedNotice(viewer), back: back(args.request) };
}

export async function action(args: Route.ActionArgs) {
  const viewer = await requireViewer(args);
  await acceptMarathonNotice(viewer);
  return redirect(back(args.request));
}

export default function MarathonNoticePage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <h1 className="font-serif text-3xl font-bold">Antes de entrar numa maratona da comunidade</h1>
      <div className="flex flex-col gap-4">
        <section aria-labelledby="quem" className="flex flex-col gap-2">
          <h2 id="quem" className="font-serif text-xl font-semibold">
            Quem organiza
          </h2>
          <p>
            Maratonas da comunidade são criadas e conduzidas por leitores e clubes, <strong>não pela equipe do Maratona</strong>. Regras, desafios, prazos e
            prêmios são de quem organiza. As maratonas oficiais aparecem marcadas como “Oficial”.
          </p>
        </section>
        <section aria-labelledby="conduta" className="flex flex-col gap-2">
          <h2 id="conduta" className="font-serif text-xl font-semibold">
            Código de conduta
          </h2>
          <ul className="flex list-disc flex-col gap-1 pl-6">
            <li>Trate todo mundo com respeito: sem ataques, assédio, discriminação ou spoilers fora do lugar.</li>
            <li>Não compartilhe cópias piratas de livros nem peça dados pessoais de participantes.</li>
            <li>Quem organiza pode remover ou banir quem descumprir as regras; denuncie o que passar do limite.</li>
          </ul>
        </section>
        <section aria-labelledby="pagamento" className="flex flex-col gap-2">
          <h2 id="pagamento" className="font-serif text-xl font-semibold">
            Sem inscrição paga
          </h2>
          <p>
            Participar de uma maratona no Maratona é sempre gratuito. Ninguém pode cobrar inscrição: se alguém pedir pagamento para você participar, não pague e
            denuncie.
          </p>
        </section>
      </div>
      {loaderData.accepted ? (
        <p className="rounded-lg border border-line bg-surface p-3">Você já aceitou este aviso.</p>
      ) : (
        <Form method="post" className="flex flex-col gap-3">
          <div>
            <Button type="submit" variant="accent">
              Li e aceito
            </Button>
          </div>
        </Form>
      )}
    </div>
  );
}
