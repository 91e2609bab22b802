import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MAX_LEVEL, xpForLevel } from '../game-policy';
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
