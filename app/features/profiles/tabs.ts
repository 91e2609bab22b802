/**
 * The tabs of `/u/{username}/{tab}` (PRODUCT.md §C), in the order the tab bar shows them. A new tab is one
 * row here, one loader in tab-data.server.ts and one view in components/profile-tab.tsx — TypeScript points
 * at the two missing places.
 */
export const PROFILE_TABS = [
  { slug: 'estante', label: 'Estante', heading: (name: string) => `Estante de ${name}` },
  { slug: 'estantes', label: 'Estantes', heading: (name: string) => `Estantes de ${name}` },
  { slug: 'lidos', label: 'Lidos', heading: (name: string) => `Livros lidos por ${name}` },
  { slug: 'resenhas', label: 'Resenhas', heading: (name: string) => `Resenhas de ${name}` },
  { slug: 'atts', label: 'Atts', heading: (name: string) => `Atts de ${name}` },
  { slug: 'estatisticas', label: 'Estatísticas', heading: (name: string) => `Estatísticas de ${name}` },
  { slug: 'lcs', label: 'LCs', heading: (name: string) => `LCs de ${name}` },
  { slug: 'maratonas', label: 'Maratonas', heading: (name: string) => `Maratonas de ${name}` },
  { slug: 'clubes', label: 'Clubes', heading: (name: string) => `Clubes de ${name}` },
  { slug: 'foca', label: 'Foca', heading: (name: string) => `Foca de ${name}` },
  { slug: 'seguidores', label: 'Seguidores', heading: (name: string) => `Seguidores de ${name}` },
  { slug: 'seguindo', label: 'Seguindo', heading: (name: string) => `Quem ${name} segue` },
] as const;

export type ProfileTab = (typeof PROFILE_TABS)[number]['slug'];

export const profileTabFromSlug = (slug: string): ProfileTab | undefined => PROFILE_TABS.find((tab) => tab.slug === slug)?.slug;

/** The tab page's heading, with the reader's name: "Estante de Ana", "Quem Ana segue". */
export const tabHeading = (tab: ProfileTab, name: string): string => PROFILE_TABS.find((t) => t.slug === tab)?.heading(name) ?? name;
