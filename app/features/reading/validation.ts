import { z } from 'zod';
import { catalogIdParam } from '~/features/catalog/validation';
import { readingGoalInput } from './goals/goals';
import { progressActionInputs } from './progress/progress';

/** /home's forms: the year's goal, and the one-tap progress of a book being read (the edition comes with it). */
export const homeActionInput = z.discriminatedUnion('intent', [readingGoalInput, progressActionInputs[0].extend({ edition: catalogIdParam })]);
