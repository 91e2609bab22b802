import type { ReactElement, SVGProps } from 'react';

/** A lucide drawing: what each of lucide-react's per-icon modules exports as `__iconData` (its typings name only the component). */
type IconData = {
  readonly name: string;
  readonly node: readonly (readonly [string, Readonly<Record<string, string>>])[];
  readonly aliases?: readonly string[];
};
export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children' | 'dangerouslySetInnerHTML' | 'ref'> & { size?: number };
export type Icon = (props: IconProps) => ReactElement;

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const A11Y_PROPS = /^(aria-|role$|title$)/;

/**
 * An icon from one of lucide-react's per-icon modules (`import * as heartDrawing from 'lucide-react/icons/heart'`,
 * then `const Heart = lucide(heartDrawing)`): the same `<svg>` lucide-react's component draws (its attributes,
 * classes and `aria-hidden` rule), with the inner shapes written once as markup. lucide-react rebuilt the
 * attribute objects and class list of every icon on every render: ~3 % of a signed-in page's server CPU for
 * some twenty icons (docs/decisions/0049). Each module makes the icons it draws, so a page's scripts carry
 * only those. `icons.test.tsx` draws the app's icons both ways and compares the markup.
 */
export function lucide(module: object): Icon {
  const data = (module as { __iconData: IconData }).__iconData;
  const inner = {
    __html: data.node
      .map(([tag, attributes]) => {
        const written = Object.entries(attributes)
          .filter(([name]) => name !== 'key')
          .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
          .join('');
        return `<${tag}${written}></${tag}>`;
      })
      .join(''),
  };
  const classes = ['lucide', `lucide-${data.name}`, ...(data.aliases ?? []).map((alias) => `lucide-${alias}`)].join(' ');
  function LucideIcon({ size = 24, strokeWidth = 2, className, ...rest }: IconProps) {
    const labelled = Object.keys(rest).some((name) => A11Y_PROPS.test(name) && rest[name as keyof typeof rest] != null);
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className ? `${classes} ${className}` : classes}
        aria-hidden={labelled ? undefined : 'true'}
        dangerouslySetInnerHTML={inner}
        // Last: `{ ...rest, more }` is V8's slow path (components/link.tsx).
        {...rest}
      />
    );
  }
  return LucideIcon;
}
