import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  // The offline fallback is the only prerendered page: it is the reference for throughput benchmarks
  // and what the service worker serves when the network is gone.
  prerender: ['/~offline'],
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
