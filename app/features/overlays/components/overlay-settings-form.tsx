import { type FormEvent, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormMessage, SelectField, TextField } from '~/components/ui/field';
import { type FormResult, fieldError, isFailure, isSuccess } from '~/lib/form-result';
import { OVERLAY_PALETTE, type OverlayLook, POSITION_LABELS, SIZE_LABELS } from '../settings';
import type { OverlayContent } from '../types';
import { HEX_COLOUR, OVERLAY_POSITIONS, OVERLAY_SIZES } from '../vocabulary';
import { OverlayPreview } from './overlay-preview';

const COLOURS = [
  { name: 'textColour', label: 'Cor do texto' },
  { name: 'cardColour', label: 'Cor do fundo do cartão' },
  { name: 'accentColour', label: 'Cor de destaque (borda e barra)' },
] as const;

/** The look as typed so far: what a failed save sent back, else the saved look. */
function initialLook(saved: OverlayLook, result: FormResult | undefined): OverlayLook {
  if (!isFailure(result)) return saved;
  const f = result.fields;
  const colour = (value: string | undefined, fallback: string) =>
    value && HEX_COLOUR.test(value.trim().toLowerCase()) ? value.trim().toLowerCase() : fallback;
  return {
    size: OVERLAY_SIZES.find((s) => s === f.size) ?? saved.size,
    position: OVERLAY_POSITIONS.find((p) => p === f.position) ?? saved.position,
    textColour: colour(f.textColour, saved.textColour),
    cardColour: colour(f.cardColour, saved.cardColour),
    accentColour: colour(f.accentColour, saved.accentColour),
    showProgressBar: f.showProgressBar === 'on',
    showPercent: f.showPercent === 'on',
    showPetName: f.showPetName === 'on',
  };
}

/**
 * One overlay's settings beside its live preview (decision 0092): the preview follows the form as it changes, before
 * anything is saved; saving posts the form (it works without JavaScript, the preview then shows the saved look).
 */
export function OverlaySettingsForm({ content, result }: { content: OverlayContent; result: FormResult | undefined }) {
  const busy = useNavigation().state !== 'idle';
  const [look, setLook] = useState(() => initialLook(content.look, result));
  const [typed, setTyped] = useState<Record<string, string>>(() => (isFailure(result) ? result.fields : {}));
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    setTyped(Object.fromEntries(COLOURS.map(({ name }) => [name, text(name)])));
    const next = initialLook(look, { fieldErrors: {}, fields: Object.fromEntries([...data].map(([k, v]) => [k, String(v)])) });
    setLook(next);
  };
  const preview = { ...content, look } as OverlayContent;
  const checkboxes =
    content.kind === 'capa'
      ? ([
          ['showProgressBar', 'Mostrar a barra de progresso'],
          ['showPercent', 'Mostrar a porcentagem'],
        ] as const)
      : ([
          ['showPetName', 'Mostrar o nome do bichinho'],
          ['showProgressBar', 'Mostrar a barra do tempo da sessão'],
        ] as const);
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <OverlayPreview content={preview} label="Prévia em 1920×1080; o xadrez é o fundo transparente." />
      <Form method="post" className="flex flex-col gap-4" onChange={onChange}>
        {isSuccess(result) ? <FormMessage tone="success">{result.success}</FormMessage> : null}
        {isFailure(result) && result.formError ? <FormMessage>{result.formError}</FormMessage> : null}
        <SelectField label="Tamanho" name="size" defaultValue={look.size} error={fieldError(result, 'size')}>
          {OVERLAY_SIZES.map((size) => (
            <option key={size} value={size}>
              {SIZE_LABELS[size]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Posição na tela" name="position" defaultValue={look.position} error={fieldError(result, 'position')}>
          {OVERLAY_POSITIONS.map((position) => (
            <option key={position} value={position}>
              {POSITION_LABELS[position]}
            </option>
          ))}
        </SelectField>
        {COLOURS.map(({ name, label }) => (
          <TextField
            key={name}
            label={label}
            name={name}
            list="paleta-overlay"
            defaultValue={typed[name] ?? look[name]}
            pattern="#[0-9a-fA-F]{6}"
            spellCheck={false}
            autoComplete="off"
            hint={
              <span
                style={{ display: 'inline-block', width: '1em', height: '1em', verticalAlign: 'middle', background: look[name] }}
                className="rounded border border-line"
              />
            }
            error={fieldError(result, name)}
          />
        ))}
        <datalist id="paleta-overlay">
          {OVERLAY_PALETTE.map((colour) => (
            <option key={colour.hex} value={colour.hex} label={colour.name} />
          ))}
        </datalist>
        <fieldset className="flex flex-col gap-2">
          <legend className="font-medium">O que mostrar</legend>
          {checkboxes.map(([name, label]) => (
            <label key={name} className="flex min-h-11 items-center gap-3">
              <input type="checkbox" name={name} defaultChecked={look[name]} className="size-6" />
              {label}
            </label>
          ))}
          {/* The other overlay's switches keep their saved value. */}
          {(['showProgressBar', 'showPercent', 'showPetName'] as const)
            .filter((name) => !checkboxes.some(([shown]) => shown === name))
            .map((name) => (look[name] ? <input key={name} type="hidden" name={name} value="on" /> : null))}
        </fieldset>
        <p className="text-sm text-muted">Cores: escolha da paleta do Maratona ou digite um código como #1d4e7a. O texto precisa ter contraste com o fundo.</p>
        <Button type="submit" pending={busy} pendingLabel="Salvando…" className="self-start">
          Salvar
        </Button>
      </Form>
    </div>
  );
}
