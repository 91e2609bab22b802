import { data } from 'react-router';
import type { Route } from './+types/m.$identificador';
import { FormMessage } from '~/components/ui/field';
import { Prose } from '~/components/ui/prose';
import { MarathonHeader } from '~/features/marathons/components/marathon-header';
import { timeZoneLabel } from '~/features/marathons/labels';
import { loadMarathonForRoute, marathonPageHeaders, runMarathonJoinAction } from '~/features/marathons/page.server';
import { REGISTRATION_LABELS } from '~/features/marathons/policy';
import { isFailure, isSuccess } from '~/lib/form-result';
import { formatDay } from '~/lib/format';
import { renderMarkdown } from '~/lib/markdown';
import { publicPageHeadersFromLoader } from '~/server/cache-headers';
import { requireViewer } from '~/server/viewer.server';

/** Visitors get the cached page (dropped by every change that shows here); a signed-in reader's copy is theirs alone. */
export const headers = publicPageHeadersFromLoader;

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? [
        { title: `${data.marathon.name} · Maratona literária · Maratona` },
        { name: 'description', content: data.marathon.description.slice(0, 160) || `A maratona literária ${data.marathon.name} no Maratona.` },
      ]
    : [{ title: 'Maratona não encontrada · Maratona' }];

/** A marathon's home: about, rules, dates in its time zone, registration, and the join button in the viewer's state. */
export async function loader(args: Route.LoaderArgs) {
  const marathon = await loadMarathonForRoute(args);
  return data(
    { marathon, descriptionHtml: renderMarkdown(marathon.description), rulesHtml: renderMarkdown(marathon.rules) },
    { headers: marathonPageHeaders(marathon) },
  );
}

/** Register (with a level or team), or leave. */
export async function action(args: Route.ActionArgs) {
  const viewer = await requireViewer(args);
  const marathon = await loadMarathonForRoute(args);
  return runMarathonJoinAction(viewer, marathon, await args.request.formData());
}

export default function MarathonPage({ loaderData, actionData }: Route.ComponentProps) {
  const { marathon, descriptionHtml, rulesHtml } = loaderData;
  const groupWord = marathon.mode === 'teams' ? 'Equipes' : 'Níveis';
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <MarathonHeader marathon={marathon} current="sobre" />
      <FormMessage tone="success">{isSuccess(actionData) ? actionData.success : null}</FormMessage>
      {/* A refused level or team shows under its select (MarathonJoinForm); anything else, here. */}
      <FormMessage>
        {isFailure(actionData) ? actionData.formError || Object.entries(actionData.fieldErrors).find(([field]) => field !== 'groupId')?.[1] : null}
      </FormMessage>
      <section aria-labelledby="datas" className="flex flex-col gap-2">
        <h2 id="datas" className="font-serif text-xl font-semibold">
          Datas
        </h2>
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
          <dt className="font-medium">Começa</dt>
          <dd>{formatDay(marathon.startsOn)}</dd>
          <dt className="font-medium">Termina</dt>
          <dd>{formatDay(marathon.endsOn)}</dd>
          <dt className="font-medium">Inscrições</dt>
          <dd>
            {formatDay(marathon.registrationOpensOn)} a {formatDay(marathon.registrationClosesOn)} · {REGISTRATION_LABELS[marathon.registration]}
          </dd>
          <dt className="font-medium">Fuso</dt>
          <dd>Dias e revelações seguem o {timeZoneLabel(marathon.timeZone)}.</dd>
        </dl>
      </section>
      {marathon.groups.length ? (
        <section aria-labelledby="grupos" className="flex flex-col gap-2">
          <h2 id="grupos" className="font-serif text-xl font-semibold">
            {groupWord}
          </h2>
          {marathon.mode === 'levels' ? <p className="text-sm text-muted">Cada nível faz os desafios dele e os dos níveis anteriores.</p> : null}
          <ol className="flex list-decimal flex-col gap-1 pl-6">
            {marathon.groups.map((g) => (
              <li key={g.id}>{g.name}</li>
            ))}
          </ol>
        </section>
      ) : null}
      <section aria-labelledby="sobre" className="flex flex-col gap-2">
        <h2 id="sobre" className="font-serif text-xl font-semibold">
          Sobre
        </h2>
        {marathon.description ? <Prose html={descriptionHtml} /> : <p className="text-muted">Quem organiza ainda não escreveu uma descrição.</p>}
      </section>
      {marathon.rules ? (
        <section aria-labelledby="regras" className="flex flex-col gap-2">
          <h2 id="regras" className="font-serif text-xl font-semibold">
            Regras
          </h2>
          <Prose html={rulesHtml} />
        </section>
      ) : null}
    </div>
  );
}
