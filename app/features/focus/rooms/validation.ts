import { z } from 'zod';
import { FOCUS_MAX_MINUTES, FOCUS_MIN_MINUTES, FOCUS_ROOM_VISIBILITIES } from '../vocabulary';
import { FOCUS_ROOM_CODE_ALPHABET, FOCUS_ROOM_CODE_LENGTH } from './policy';

const CODE_PATTERN = new RegExp(`^[${FOCUS_ROOM_CODE_ALPHABET}]{${FOCUS_ROOM_CODE_LENGTH}}$`);
const CODE_MESSAGE = `O código tem ${FOCUS_ROOM_CODE_LENGTH} letras e números, como K7M2QX9P.`;

/** A room's code as typed: spaces and dashes dropped, upper case. */
export const roomCodeField = z
  .string({ error: CODE_MESSAGE })
  .transform((raw) => raw.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(CODE_PATTERN, CODE_MESSAGE));

/** The {id} of /foca/salas/{id}: anything else is a 404 before the database is asked. */
export const roomIdParam = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** /foca/salas's forms: create a room, join one by its code. */
export const roomsActionInput = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('criar'),
    name: z
      .string({ error: 'Dê um nome à sala.' })
      .trim()
      .min(3, 'O nome da sala tem de 3 a 60 caracteres.')
      .max(60, 'O nome da sala tem de 3 a 60 caracteres.'),
    visibility: z.enum(FOCUS_ROOM_VISIBILITIES, { error: 'Escolha se a sala é pública ou privada.' }),
  }),
  z.object({ intent: z.literal('entrar-com-codigo'), code: roomCodeField }),
]);

/** `?codigo=` on /foca/salas: a link from an invitation joins the room (after a confirmation). */
export const roomsQuery = z.object({ codigo: roomCodeField.optional().catch(undefined) });

const editionId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Escolha um livro que você está lendo.');

const SPRINT_MINUTES = `A sprint dura de ${FOCUS_MIN_MINUTES} a ${FOCUS_MAX_MINUTES} minutos, em minutos inteiros.`;

/**
 * A room page's forms. Starting a sprint takes only the duration: its start and end are the database's clock, and
 * any time a form carries is not in the schema. Giving up and finishing the viewer's own session are /foca's
 * forms (focusActionInput), posted to the room page.
 */
export const roomActionInput = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('entrar') }),
  z.object({ intent: z.literal('sair') }),
  z.object({ intent: z.literal('fechar') }),
  z.object({ intent: z.literal('livro'), edition: z.union([z.literal(''), editionId]).transform((value) => value || null) }),
  z.object({
    intent: z.literal('sprint'),
    minutes: z
      .string({ error: SPRINT_MINUTES })
      .trim()
      .regex(/^\d{1,3}$/, SPRINT_MINUTES)
      .transform(Number)
      .pipe(z.number().min(FOCUS_MIN_MINUTES, SPRINT_MINUTES).max(FOCUS_MAX_MINUTES, SPRINT_MINUTES)),
  }),
  z.object({
    intent: z.literal('convidar'),
    username: z
      .string()
      .trim()
      .transform((value) => value.replace(/^@/, '').toLowerCase())
      .pipe(z.string().regex(/^[a-z0-9_]{3,20}$/, { error: 'Digite o nome de usuário de quem você quer convidar.' })),
  }),
]);
export type RoomActionInput = z.output<typeof roomActionInput>;
