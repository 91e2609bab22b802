import { z } from 'zod';
import { MIN_TEXT_CONTRAST, contrastRatio } from './settings';
import { HEX_COLOUR, OVERLAY_POSITIONS, OVERLAY_SIZES } from './vocabulary';

const colour = z.string().trim().toLowerCase().regex(HEX_COLOUR, 'Use uma cor da paleta ou um código como #1d4e7a.');
const checkbox = z.preprocess((value) => value === 'on' || value === 'true', z.boolean());

/** The settings form of an overlay; unchecked boxes are absent from the form, hence false. */
export const overlayLookInput = z
  .object({
    size: z.enum(OVERLAY_SIZES, 'Escolha um tamanho.'),
    position: z.enum(OVERLAY_POSITIONS, 'Escolha uma posição.'),
    textColour: colour,
    cardColour: colour,
    accentColour: colour,
    showProgressBar: checkbox,
    showPercent: checkbox,
    showPetName: checkbox,
  })
  .superRefine((look, ctx) => {
    if (contrastRatio(look.textColour, look.cardColour) < MIN_TEXT_CONTRAST)
      ctx.addIssue({
        code: 'custom',
        path: ['textColour'],
        message: 'O texto fica difícil de ler sobre essa cor de fundo: escolha cores com mais contraste.',
      });
  });

/** `/streamer`'s buttons. */
export const streamerIntentInput = z.object({ intent: z.enum(['criar', 'trocar', 'revogar']) });

/** A token as the OBS URL carries it: 32 bytes in base64url. Anything else is looked up all the same (decision 0092). */
export const overlayTokenParam = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
