import { ShelfList } from '~/features/reading/components/shelf-list';
import type { TabData } from '../types';

export function ShelvesTab({ data }: { data: Extract<TabData, { tab: 'estantes' }> }) {
  if (data.shelves.length === 0) return <p className="text-muted">Nenhuma estante personalizada para mostrar.</p>;
  return <ShelfList shelves={data.shelves} headingLevel={2} />;
}
