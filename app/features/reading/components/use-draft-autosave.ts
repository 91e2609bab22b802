import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { DRAFT_SAVE_DELAY_MS } from '../vocabulary';

const DRAFT_URL = '/api/resenhas/rascunho';
/** The fields of the editor that make up the draft (moods and the rest are saved by the form's buttons). */
const DRAFT_FIELDS = new Set(['body', 'spoiler', 'visibility']);

export type DraftState = { savedAt: string | null; error: string | null };

/**
 * Saves the review's draft on the server DRAFT_SAVE_DELAY_MS after typing stops, and at once with
 * `sendBeacon` when the page is hidden or closed — so closing the tab mid-sentence loses nothing. Returns the
 * last save's time (or error), `onChange` for the form and `onSubmit` (a submitted form needs no autosave).
 */
export function useDraftAutosave(form: RefObject<HTMLFormElement | null>, editionId: string, initialSavedAt: string | null) {
  const [state, setState] = useState<DraftState>({ savedAt: initialSavedAt, error: null });
  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const payload = useCallback(() => {
    const body = new URLSearchParams({ edition: editionId });
    const data = form.current ? new FormData(form.current) : new FormData();
    for (const name of DRAFT_FIELDS) {
      const value = data.get(name);
      if (typeof value === 'string') body.set(name, value);
    }
    return body;
  }, [editionId, form]);

  const save = useCallback(async () => {
    if (!dirty.current) return;
    dirty.current = false;
    try {
      const response = await fetch(DRAFT_URL, { method: 'POST', body: payload(), keepalive: true });
      const result = (await response.json()) as { savedAt?: string; error?: string };
      setState(result.savedAt ? { savedAt: result.savedAt, error: null } : (s) => ({ ...s, error: result.error ?? 'Não foi possível salvar o rascunho.' }));
    } catch {
      dirty.current = true;
      setState((s) => ({ ...s, error: 'Sem conexão: o rascunho será salvo quando ela voltar.' }));
    }
  }, [payload]);

  useEffect(() => {
    const flush = () => {
      if (!dirty.current) return;
      dirty.current = false;
      clearTimeout(timer.current);
      navigator.sendBeacon(DRAFT_URL, payload());
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    const onOnline = () => void save();
    window.addEventListener('pagehide', flush);
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisibility);
      clearTimeout(timer.current);
    };
  }, [payload, save]);

  const onChange = useCallback(
    (event: { target: EventTarget }) => {
      const name = (event.target as HTMLInputElement).name;
      if (!DRAFT_FIELDS.has(name)) return;
      dirty.current = true;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void save(), DRAFT_SAVE_DELAY_MS);
    },
    [save],
  );

  const onSubmit = useCallback(() => {
    dirty.current = false;
    clearTimeout(timer.current);
  }, []);

  return { state, onChange, onSubmit };
}
