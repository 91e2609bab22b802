import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, defaultStageCount, generateSchedule, nextStage, shiftSchedule } from './schedule';

const ranges = (stages: ReturnType<typeof generateSchedule>) => stages.map((s) => `${s.editionId}:${s.fromNumber}-${s.toNumber} ${s.startsOn}..${s.endsOn}`);

describe('generateSchedule', () => {
  it('spreads the pages evenly over the days, each etapa a contiguous range', () => {
    const stages = generateSchedule([{ editionId: 'a', pages: 300 }], '2026-12-01', '2026-12-21', 3);
    expect(ranges(stages)).toEqual(['a:1-100 2026-12-01..2026-12-07', 'a:101-200 2026-12-08..2026-12-14', 'a:201-300 2026-12-15..2026-12-21']);
  });

  it('puts every etapa on the one day of a one-day LC', () => {
    const stages = generateSchedule([{ editionId: 'a', pages: 90 }], '2026-12-01', '2026-12-01', 3);
    expect(ranges(stages)).toEqual(['a:1-30 2026-12-01..2026-12-01', 'a:31-60 2026-12-01..2026-12-01', 'a:61-90 2026-12-01..2026-12-01']);
  });

  it('never makes more etapas than pages, and with more days than pages an etapa spans days', () => {
    const stages = generateSchedule([{ editionId: 'a', pages: 3 }], '2026-12-01', '2026-12-10', 10);
    expect(ranges(stages)).toEqual(['a:1-1 2026-12-01..2026-12-04', 'a:2-2 2026-12-05..2026-12-07', 'a:3-3 2026-12-08..2026-12-10']);
  });

  it('gives several editions etapas in proportion to their pages, none crossing from one book to the next', () => {
    const stages = generateSchedule(
      [
        { editionId: 'a', pages: 100 },
        { editionId: 'b', pages: 300 },
      ],
      '2026-12-01',
      '2026-12-08',
      4,
    );
    expect(ranges(stages)).toEqual([
      'a:1-100 2026-12-01..2026-12-02',
      'b:1-100 2026-12-03..2026-12-04',
      'b:101-200 2026-12-05..2026-12-06',
      'b:201-300 2026-12-07..2026-12-08',
    ]);
  });

  it('gives each edition at least one etapa, even when fewer were asked', () => {
    const stages = generateSchedule(
      [
        { editionId: 'a', pages: 500 },
        { editionId: 'b', pages: 10 },
      ],
      '2026-12-01',
      '2026-12-31',
      1,
    );
    expect(stages.map((s) => s.editionId)).toEqual(['a', 'b']);
    expect(stages.at(-1)!.endsOn).toBe('2026-12-31');
  });

  it('ends the last etapa on the last day and leaves no day out between etapas', () => {
    const stages = generateSchedule([{ editionId: 'a', pages: 437 }], '2026-11-20', '2027-01-15', defaultStageCount(1, '2026-11-20', '2027-01-15'));
    expect(stages).toHaveLength(9);
    expect(stages[0]!.startsOn).toBe('2026-11-20');
    expect(stages.at(-1)!.endsOn).toBe('2027-01-15');
    expect(stages.at(-1)!.toNumber).toBe(437);
    for (let i = 1; i < stages.length; i++) {
      expect(stages[i]!.fromNumber).toBe(stages[i - 1]!.toNumber + 1);
      expect(stages[i]!.startsOn).toBe(addDays(stages[i - 1]!.endsOn, 1));
    }
  });

  it('makes nothing of editions without pages or dates the wrong way round', () => {
    expect(generateSchedule([{ editionId: 'a', pages: 0 }], '2026-12-01', '2026-12-10', 2)).toEqual([]);
    expect(generateSchedule([{ editionId: 'a', pages: 10 }], '2026-12-10', '2026-12-01', 2)).toEqual([]);
  });
});

describe('shiftSchedule and the calendar', () => {
  it('moves every etapa by whole days, across months and years, both ways', () => {
    const stages = generateSchedule([{ editionId: 'a', pages: 20 }], '2026-12-30', '2027-01-02', 2);
    expect(ranges(shiftSchedule(stages, 3))).toEqual(['a:1-10 2027-01-02..2027-01-03', 'a:11-20 2027-01-04..2027-01-05']);
    expect(shiftSchedule(shiftSchedule(stages, -40), 40)).toEqual(stages);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(3);
  });

  it('finds the etapa to read today', () => {
    const stages = generateSchedule([{ editionId: 'a', pages: 20 }], '2026-12-01', '2026-12-04', 2);
    expect(nextStage(stages, '2026-11-01')?.fromNumber).toBe(1);
    expect(nextStage(stages, '2026-12-03')?.fromNumber).toBe(11);
    expect(nextStage(stages, '2026-12-05')).toBeNull();
  });
});
