import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MAX_LEVEL, xpForLevel } from '../game-policy';
import { ProfileOverview } from '~/features/profiles/components/profile-overview';
import { FocusRankingTable } from './focus-ranking-table';
import { PetStats } from './game';

const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&nbsp;/g, ' ');

describe("a pet's level in words", () => {
  it('says how many minutes the next level takes', () => {
    expect(text(renderToString(<PetStats pet={{ xp: 100, mood: 70 }} />))).toContain('Nível 2 · 100 min juntos80 min para o nível 3');
  });

  it('at the last level (99) says it is the highest, never "for level 100", however many minutes more', () => {
    for (const xp of [xpForLevel(MAX_LEVEL), xpForLevel(MAX_LEVEL) + 5_000, xpForLevel(MAX_LEVEL + 3)]) {
      const shown = text(renderToString(<PetStats pet={{ xp, mood: 70 }} />));
      expect(shown).toContain(`Nível ${MAX_LEVEL} (o máximo)`);
      expect(shown).not.toMatch(/para o nível/);
      expect(shown).not.toMatch(/-/);
    }
  });
});

describe("the ways to a reader's foca page", () => {
  it('the rankings and the profile’s companion card link to /f/{username}', () => {
    const row = { position: 1, userId: 'u1', username: 'lia_leitora', name: 'Lia', image: null, minutes: 90, mine: false };
    expect(renderToString(<FocusRankingTable rows={[row]} me={null} caption="Geral" />)).toMatch(/href="\/f\/lia_leitora"/);
    const details = {
      pronouns: null,
      bio: null,
      links: [],
      counts: { read: 0, followers: 0, following: 0 },
      currentlyReading: null,
      currentlyReadingHidden: false,
      favorites: [],
      latestAtts: [],
      goal: null,
      companion: { id: 'p1', species: 'foca-harpa' as const, name: 'Nanuk', level: 3 },
    };
    const html = renderToString(<ProfileOverview details={details} username="lia_leitora" mine={false} />);
    expect(html).toMatch(/href="\/foca\/p1"/);
    expect(html).toMatch(/href="\/f\/lia_leitora"/);
  });
});
