import * as moonDrawing from 'lucide-react/icons/moon';
import * as sunDrawing from 'lucide-react/icons/sun';
import { lucide } from '~/components/ui/icons';
import { useEffect, useState } from 'react';

const Moon = lucide(moonDrawing);
const Sun = lucide(sunDrawing);

/** Light and dark themes; the choice lives in this browser only, so cached pages stay shareable. */
export function ThemeToggle() {
  const [dark, setDark] = useState(false);
  useEffect(() => setDark(document.documentElement.dataset.theme === 'dark'), []);
  const toggle = () => {
    const next = !dark;
    setDark(next);
    document.documentElement.dataset.theme = next ? 'dark' : 'light';
    try {
      localStorage.setItem('tema', next ? 'escuro' : 'claro');
    } catch {
      // Private browsing without storage: the theme still changes for this page.
    }
  };
  return (
    <button type="button" onClick={toggle} className="inline-flex size-11 items-center justify-center rounded-lg text-muted hover:text-ink" aria-label={dark ? 'Usar tema claro' : 'Usar tema escuro'}>
      {dark ? <Sun aria-hidden="true" size={20} /> : <Moon aria-hidden="true" size={20} />}
    </button>
  );
}
