/** The installable app's manifest (PWA). */
export function loader() {
  return Response.json(
    {
      name: 'Maratona',
      short_name: 'Maratona',
      description: 'Sua comunidade de leitura: estante, maratonas, LCs, clubes e a foca.',
      lang: 'pt-BR',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#FBF8F1',
      theme_color: '#1D4E7A',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    { headers: { 'Content-Type': 'application/manifest+json', 'Cache-Control': 'public, max-age=3600' } },
  );
}
