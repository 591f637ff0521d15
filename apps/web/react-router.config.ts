import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'src/app',
  // A client-rendered app whose public pages are prerendered to HTML at build time (ADR 004): their text,
  // title, description, canonical and Open Graph tags are in the HTML before any JavaScript runs.
  ssr: false,
  prerender: ['/', '/pricing', '/about', '/support', '/privacy', '/terms', '/how-to-prepare-cv', '/jobs/riyadh', '/jobs/jeddah'],
} satisfies Config;
