import * as moonDrawing from 'lucide-react/icons/moon';
import * as sunDrawing from 'lucide-react/icons/sun';
import { lucide } from '~/components/ui/icons';
import { useSyncExternalStore } from 'react';

const Moon = lucide(moonDrawing);
const Sun = lucide(sunDrawing);

/** The theme is the document's `data-theme`, set before the first paint by root.tsx's script. */
function subscribeToTheme(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}
const isDark = () => document.documentElement.dataset.theme === 'dark';
// The server renders the light icon; the browser's own theme replaces it when the page hydrates.
const isDarkOnServer = () => false;

/** Light and dark themes; the choice lives in this browser only, so cached pages stay shareable. */
export function ThemeToggle() {
  const dark = useSyncExternalStore(subscribeToTheme, isDark, isDarkOnServer);
  const toggle = () => {
    const next = !dark;
    document.documentElement.dataset.theme = next ? 'dark' : 'light';
    try {
      localStorage.setItem('tema', next ? 'escuro' : 'claro');
    } catch {
      // Private browsing without storage: the theme still changes for this page.
    }
  };
  return (
    <button
      type="button"
      onClick={toggle}
      className="inline-flex size-11 items-center justify-center rounded-lg text-muted hover:text-ink"
      aria-label={dark ? 'Usar tema claro' : 'Usar tema escuro'}
    >
      {dark ? <Sun aria-hidden="true" size={20} /> : <Moon aria-hidden="true" size={20} />}
    </button>
  );
}
