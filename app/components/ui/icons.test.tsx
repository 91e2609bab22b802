import * as lucideReact from 'lucide-react';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type IconProps, lucide } from './icons';

/** Every lucide drawing the app imports, found in its source. */
function drawingsInApp(): string[] {
  const names = new Set<string>();
  const app = path.resolve(import.meta.dirname, '../..');
  for (const file of readdirSync(app, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file) || file.endsWith('.test.tsx')) continue;
    for (const [, name] of readFileSync(path.join(app, file), 'utf8').matchAll(/from 'lucide-react\/icons\/([a-z0-9-]+)'/g)) names.add(name!);
  }
  return [...names].sort();
}

const pascal = (kebab: string) => kebab.replace(/(^|-)([a-z0-9])/g, (_, _dash, c: string) => c.toUpperCase());

// Every way the app draws an icon: hidden beside its text, labelled on its own, filled, with classes.
const cases: IconProps[] = [
  {},
  { 'aria-hidden': 'true', size: 18 },
  { 'aria-label': 'Favorito', role: 'img', size: 16, fill: 'currentColor', className: 'ml-2 inline text-coral' },
  { size: 22, className: 'pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-muted', strokeWidth: 1.5 },
];

describe('lucide', () => {
  const drawings = drawingsInApp();

  it('finds the app’s icons', () => {
    expect(drawings).toEqual(expect.arrayContaining(['bell', 'heart', 'house', 'search', 'users']));
  });

  it.each(drawings)('draws %s as lucide-react’s own component does', async (name) => {
    const Ours = lucide(await import(`lucide-react/icons/${name}`));
    const Theirs = lucideReact[pascal(name) as keyof typeof lucideReact] as ComponentType<IconProps>;
    expect(Theirs).toBeTypeOf('object'); // lucide-react's forwardRef component of the same name
    for (const props of cases) {
      const expected = renderToStaticMarkup(<Theirs {...props} />);
      expect(expected).toMatch(/^<svg [^>]*><(path|circle|rect|line|polyline|polygon|ellipse)/);
      expect(renderToStaticMarkup(<Ours {...props} />)).toBe(expected);
    }
  });
});
