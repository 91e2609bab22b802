import { Link } from '~/components/link';
import { ProgressBar, wholePercent } from '~/components/ui/progress-bar';
import { AttList } from '~/features/atts/components/att-card';
import { EditionCover } from '~/features/catalog/components/edition-cover';
import type { CoverCard } from '~/features/catalog/types';
import { ReadingGoalCard } from '~/features/reading/components/reading-goal-card';
import { SpeciesArt } from '~/features/focus/components/species-art';
import { SPECIES, petDisplayName } from '~/features/focus/species';
import { formatNumber } from '~/lib/format';
import type { ProfileDetails } from '../types';

function CoverLink({ edition, children }: { edition: CoverCard; children?: React.ReactNode }) {
  return (
    <li className="flex w-28 flex-col gap-2">
      <Link to={`/ed/${edition.id}`} className="flex flex-col gap-2 text-ink no-underline hover:underline">
        <EditionCover edition={edition} size="md" />
        <span className="line-clamp-2 font-serif text-sm font-semibold leading-snug">{edition.title}</span>
      </Link>
      {children}
    </li>
  );
}

/** The owner's foca companion: its drawing, name and level, linking to its page, and the reader's foca page. */
function CompanionCard({ companion, username }: { companion: NonNullable<ProfileDetails['companion']>; username: string }) {
  const name = petDisplayName(companion);
  return (
    <section aria-labelledby="companhia" className="flex items-center gap-4 rounded-xl border border-line bg-surface p-4">
      <SpeciesArt species={companion.species} size={72} className="shrink-0" />
      <div className="flex flex-col gap-1">
        <h2 id="companhia" className="font-serif text-lg font-bold">
          Companhia na Foca
        </h2>
        <p>
          <Link to={`/foca/${companion.id}`}>{name}</Link>
          <span className="text-muted">
            {' '}
            · {SPECIES[companion.species].name} · nível {formatNumber(companion.level)}
          </span>
        </p>
        <p className="text-sm">
          <Link to={`/f/${username}`}>Ver bichinhos, álbum e minutos de foco</Link>
        </p>
      </div>
    </section>
  );
}

/** "Lendo agora" with each book's %, the year's goal when one is set, the favourites and the latest atts. */
export function ProfileOverview({ details, username, mine }: { details: ProfileDetails; username: string; mine: boolean }) {
  return (
    <div className="flex flex-col gap-8">
      {details.currentlyReading ? (
        <section aria-labelledby="lendo-agora" className="flex flex-col gap-3">
          <h2 id="lendo-agora" className="font-serif text-xl font-bold">
            Lendo agora
          </h2>
          {details.currentlyReadingHidden ? (
            <p className="text-sm text-muted">Só você vê esta seção: ela está oculta no seu perfil (Configurações da conta).</p>
          ) : null}
          {details.currentlyReading.length > 0 ? (
            <ul className="flex flex-wrap gap-4">
              {details.currentlyReading.map(({ edition, progress }) => (
                <CoverLink key={edition.id} edition={edition}>
                  <ProgressBar fraction={progress ?? 0} label={`${wholePercent(progress ?? 0)} lido`} />
                </CoverLink>
              ))}
            </ul>
          ) : (
            <p className="text-muted">
              {mine ? 'Nenhum livro como “Lendo” na sua estante. Marque um livro como “Lendo” na página dele.' : 'Nenhum livro sendo lido agora.'}
            </p>
          )}
        </section>
      ) : null}
      {details.goal ? <ReadingGoalCard goal={details.goal} /> : null}
      {details.companion ? <CompanionCard companion={details.companion} username={username} /> : null}
      <section aria-labelledby="favoritos" className="flex flex-col gap-3">
        <h2 id="favoritos" className="font-serif text-xl font-bold">
          Favoritos
        </h2>
        {details.favorites.length > 0 ? (
          <ul className="flex flex-wrap gap-4">
            {details.favorites.map((edition) => (
              <CoverLink key={edition.id} edition={edition} />
            ))}
          </ul>
        ) : (
          <p className="text-muted">{mine ? 'Nenhum favorito ainda. Marque um livro como favorito na página dele.' : 'Nenhum favorito ainda.'}</p>
        )}
      </section>
      <section aria-labelledby="ultimas-atts" className="flex flex-col gap-3">
        <h2 id="ultimas-atts" className="font-serif text-xl font-bold">
          Últimas atts
        </h2>
        <AttList
          items={details.latestAtts}
          label="Últimas atts"
          moreHref={null}
          empty={
            <p className="text-muted">{mine ? 'Você ainda não publicou atts. Publique uma ao registrar o progresso de um livro.' : 'Nenhuma att ainda.'}</p>
          }
        />
        {details.latestAtts.length > 0 ? (
          <Link to={`/u/${username}/atts`} className="self-start">
            Ver todas as atts
          </Link>
        ) : null}
      </section>
    </div>
  );
}
