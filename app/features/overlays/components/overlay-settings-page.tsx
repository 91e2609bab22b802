import { Link } from '~/components/link';
import type { FormResult } from '~/lib/form-result';
import type { OverlayContent } from '../types';
import { OverlaySettingsForm } from './overlay-settings-form';

/** The shared page of /foca/overlay and /foca/capa/overlay: title, where the OBS link is, the form with its preview. */
export function OverlaySettingsPage({
  title,
  intro,
  content,
  hasToken,
  result,
}: {
  title: string;
  intro: string;
  content: OverlayContent;
  hasToken: boolean;
  result: FormResult | undefined;
}) {
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="font-serif text-3xl font-bold">{title}</h1>
        <p className="text-muted">{intro}</p>
        <p className="text-sm">
          {hasToken ? 'O link para o OBS está em ' : 'Para usar no OBS, crie seu link em '}
          <Link to="/streamer" className="font-medium text-mar underline">
            Ferramentas de streamer
          </Link>
          .
        </p>
      </header>
      <OverlaySettingsForm content={content} result={result} />
    </div>
  );
}
