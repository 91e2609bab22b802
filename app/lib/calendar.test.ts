import { describe, expect, it } from 'vitest';
import { todayIn, todayInSaoPaulo } from './calendar';

describe('todayIn', () => {
  it('turns the day at midnight of the zone, also when asked again within the minute or back in time', () => {
    expect(todayIn('America/Sao_Paulo', new Date('2026-11-29T02:59:00Z'))).toBe('2026-11-28');
    expect(todayIn('America/Sao_Paulo', new Date('2026-11-29T02:59:59.999Z'))).toBe('2026-11-28');
    expect(todayIn('America/Sao_Paulo', new Date('2026-11-29T03:00:00Z'))).toBe('2026-11-29');
    expect(todayIn('America/Sao_Paulo', new Date('2026-11-29T02:59:30Z'))).toBe('2026-11-28');
    expect(todayInSaoPaulo(new Date('2026-11-29T03:00:30Z'))).toBe('2026-11-29');
  });

  it('keeps each zone apart at the same instant', () => {
    const instant = new Date('2026-11-29T02:30:00Z');
    expect(todayIn('America/Sao_Paulo', instant)).toBe('2026-11-28');
    expect(todayIn('America/Manaus', instant)).toBe('2026-11-28');
    expect(todayIn('Europe/Lisbon', instant)).toBe('2026-11-29');
    expect(todayIn('America/Sao_Paulo', instant)).toBe('2026-11-28');
  });
});
