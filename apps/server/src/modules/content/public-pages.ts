import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { PublicContentSource, PublicPageContext } from '@sira/shared/public-content';
import type { Database } from '../../db/client';
import { contentSecurityPolicy, inlineScriptHashes } from '../../lib/content-security-policy';
import type { EventBus } from '../../lib/event-bus';
import { listPricingPackages } from '../packages/packages.service';
import { getFooter } from './footer.service';
import { createOgImageRenderer, type OgImageRenderer } from './og-image';
import { getPageBySlug } from './pages.service';

/**
 * The public pages rendered on the server with the database's content (ADR 004): the web build's own server
 * bundle (apps/web/build/render, the module React Router prerenders with) renders them on demand, and each
 * answer is kept until the public site changes — a save anywhere (`EventBus.publishSiteChange`, heard by every
 * server through the database) drops them all, so no copy older than the last save is served.
 */

/** The origin pages are rendered with (apps/web/src/config/site.ts); each answer carries PUBLIC_BASE_URL instead. */
export const BUILD_SITE_ORIGIN = 'https://sira.invalid';

export interface RenderedAnswer {
  status: number;
  contentType: string;
  body: string;
  /** For HTML: the policy that lets this very page's inline scripts run (by hash), worked out once with it. */
  policy?: string;
}

/** The part of React Router's server build this module uses. */
interface RenderBundle {
  prerender: string[];
  entry: {
    module: {
      createRequestHandler(build: unknown, mode?: string): (request: Request, context?: PublicPageContext) => Promise<Response>;
      /** The signed-in pages drawn with the user's data (ADR 028); absent in builds from before them. */
      FIRST_SCREEN_PAGES?: string[];
      firstScreenAddresses?(path: string): string[];
    };
  };
}

export interface PublicPages {
  /** The public pages: `/`, `/pricing`, `/about`, … */
  readonly pages: readonly string[];
  /** The addresses rendered here: each page (`/`, `/pricing`, …) and its client navigation data (`/pricing.data`). */
  readonly paths: readonly string[];
  /** `anonymous`: the visitor carries no session cookie (PublicPageContext.anonymous); kept apart from the other. */
  render(path: string, visitor?: { anonymous: boolean }): Promise<RenderedAnswer>;
  /**
   * The page's Open Graph image (@sira/shared/og-image): its title as the page is served now, drawn as a PNG.
   * Kept until the title changes.
   */
  image(page: string): Promise<Uint8Array>;
  /** The signed-in pages drawn here with the user's data (ADR 028): `/dashboard`, `/send-resume`, `/my-data`. */
  readonly signedInPages: readonly string[];
  /** The API addresses (GET, JSON) a signed-in page's first screen reads. */
  firstScreenAddresses(page: string): string[];
  /**
   * A signed-in page drawn from `answers` (address → the API's answer for this user). Never kept: it is the
   * user's own. `url` is the page's address with its query.
   */
  renderSignedIn(url: string, answers: Record<string, unknown>): Promise<RenderedAnswer>;
  /** How many answers are kept now (tests). */
  cachedCount(): number;
  close(): void;
}

/** The data address React Router's client fetches when it navigates to `page` (`/` → `/_root.data`). */
export const dataPathOf = (page: string) => (page === '/' ? '/_root.data' : `${page}.data`);

/**
 * Loads the render bundle; undefined when the build has none (a server started without the web app, or a
 * build from before render bundles), in which case the prerendered files are served as they are.
 */
export async function loadPublicPages(options: {
  bundlePath: string;
  db: Database;
  events: EventBus;
  publicBaseUrl: string;
}): Promise<PublicPages | undefined> {
  if (!existsSync(options.bundlePath)) return undefined;
  const bundle = (await import(pathToFileURL(options.bundlePath).href)) as RenderBundle;
  return createPublicPages(bundle, options);
}

/** The page's title as a link preview reads it: its og:title, else its <title>, with HTML's escapes undone. */
export function pageTitle(html: string): string {
  const raw = /<meta property="og:title" content="([^"]*)"/.exec(html)?.[1] ?? /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  return raw.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) =>
    name === 'amp' ? '&' : name === 'lt' ? '<' : name === 'gt' ? '>' : name === 'quot' ? '"' : "'",
  );
}

export function createPublicPages(
  bundle: RenderBundle,
  {
    db,
    events,
    publicBaseUrl,
    images = createOgImageRenderer(),
  }: { db: Database; events: EventBus; publicBaseUrl: string; images?: OgImageRenderer },
): PublicPages {
  const handle = bundle.entry.module.createRequestHandler(bundle, 'production');
  const signedInPages = bundle.entry.module.FIRST_SCREEN_PAGES ?? [];
  // React Router renders whole only the addresses its build lists; any other gets the client-rendered shell.
  // The signed-in pages are added for this handler alone: the public pages' list stays the build's.
  const handleSignedIn = bundle.entry.module.createRequestHandler(
    { ...bundle, prerender: [...bundle.prerender, ...signedInPages] },
    'production',
  );
  const content: PublicContentSource = {
    packages: () => listPricingPackages(db),
    page: (slug) => getPageBySlug(db, slug),
    footer: () => getFooter(db),
  };
  const pages = bundle.prerender.map((p) => (p === '/' ? p : p.replace(/\/$/, '')));
  const paths = [...pages, ...pages.map(dataPathOf)];

  const cache = new Map<string, Promise<RenderedAnswer>>();
  // Bumped by every change: a render that started before it read older data and must not be kept.
  let generation = 0;
  const drop = () => {
    generation++;
    cache.clear();
  };
  const stopChanges = events.onSiteChange(drop);
  // Changes published while the bus was cut off never arrived here.
  const stopGaps = events.onGap(drop);

  const renderNow = async (path: string, anonymous: boolean): Promise<RenderedAnswer> =>
    answerOf(await handle(new Request(`${BUILD_SITE_ORIGIN}${path}`), { publicContent: content, anonymous }));

  const answerOf = async (response: Response): Promise<RenderedAnswer> => {
    const contentType = response.headers.get('content-type') ?? 'text/html';
    const body = (await response.text()).replaceAll(BUILD_SITE_ORIGIN, publicBaseUrl);
    if (!contentType.startsWith('text/html')) return { status: response.status, contentType, body };
    // As the build does for the prerendered files (apps/web/scripts/post-build.mjs): the page's text is in the
    // HTML, so its scripts need not compete with the stylesheet and font for the first paint.
    const html = body.replace(/<link rel="modulepreload" href="[^"]*"\/>/g, '');
    return {
      status: response.status,
      contentType: 'text/html; charset=utf-8',
      body: html,
      // Hashed over the HTML as it is sent: the browser hashes what it receives.
      policy: contentSecurityPolicy(inlineScriptHashes(html)),
    };
  };

  // Per page, the title its image was drawn with and the image: drawn again only when the title changed.
  const imageCache = new Map<string, { title: string; png: Promise<Uint8Array> }>();

  const publicPages: PublicPages = {
    pages,
    paths,
    signedInPages,
    firstScreenAddresses: (page) => bundle.entry.module.firstScreenAddresses?.(page) ?? [],
    async renderSignedIn(url, answers) {
      return answerOf(await handleSignedIn(new Request(`${BUILD_SITE_ORIGIN}${url}`), { publicContent: content, firstScreen: answers }));
    },
    async image(page) {
      // The page as served now (a kept copy when there is one), so the image never lags the page's title.
      const answer = await publicPages.render(page, { anonymous: true });
      const title = pageTitle(answer.body);
      const kept = imageCache.get(page);
      if (kept?.title === title) return kept.png;
      const png = images.render(title);
      imageCache.set(page, { title, png });
      png.catch(() => {
        if (imageCache.get(page)?.png === png) imageCache.delete(page);
      });
      return png;
    },
    render(path, { anonymous } = { anonymous: false }) {
      const key = `${anonymous ? 'anonymous' : 'session'} ${path}`;
      const cached = cache.get(key);
      if (cached) return cached;
      const startedAt = generation;
      const cacheable = events.listening();
      const rendering = renderNow(path, anonymous);
      if (cacheable) {
        cache.set(key, rendering);
        rendering.then(
          (answer) => {
            // Kept only if nothing changed meanwhile, and only a page that rendered as it should.
            if (generation !== startedAt || answer.status !== 200 || !events.listening()) {
              if (cache.get(key) === rendering) cache.delete(key);
            }
          },
          () => {
            if (cache.get(key) === rendering) cache.delete(key);
          },
        );
      }
      return rendering;
    },
    cachedCount: () => cache.size,
    close() {
      stopChanges();
      stopGaps();
      cache.clear();
      imageCache.clear();
    },
  };
  return publicPages;
}
