import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'src/app',
  // `npm run build` (scripts/build.mjs) builds into a folder aside and moves it into place when complete.
  buildDirectory: process.env.SIRA_WEB_BUILD_DIR ?? 'build',
  // A client-rendered app whose public pages are prerendered to HTML at build time (ADR 004): their text,
  // title, description, canonical and Open Graph tags are in the HTML before any JavaScript runs.
  ssr: false,
  prerender: [
    '/',
    '/pricing',
    '/about',
    '/support',
    '/privacy',
    '/terms',
    '/how-to-prepare-cv',
    '/jobs/riyadh',
    '/jobs/jeddah',
    '/login',
    '/register',
  ],
} satisfies Config;
