import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'src/app',
  // A client-rendered app; public pages are prerendered to HTML at build time (ADR 001 / issue 4).
  ssr: false,
  prerender: ['/'],
} satisfies Config;
