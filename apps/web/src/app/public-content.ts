import type { Footer, PackageCard, Page } from '@sira/shared';
import type { PublicContentSource, PublicPageContext } from '@sira/shared/public-content';

declare module 'react-router' {
  // The server renders the public pages with the database's content (ADR 004); at build time there is none.
  interface AppLoadContext extends PublicPageContext {}
}

/** The server's content source when the server renders the page; undefined while prerendering at build time. */
const source = (context: unknown): PublicContentSource | undefined => (context as PublicPageContext | undefined)?.publicContent;

/** True when the server renders for a visitor without a session (PublicPageContext.anonymous). */
export const anonymousVisitor = (context: unknown): boolean => (context as PublicPageContext | undefined)?.anonymous === true;

/** The footer as the server has it; null at build time (the page shows the footer's placeholder and loads it). */
export async function loadFooter(context: unknown): Promise<Footer | null> {
  return (await source(context)?.footer()) ?? null;
}

/** The live packages when the server renders; otherwise `fallback()` (the installation's defaults). */
export async function loadPackages(context: unknown, fallback: () => PackageCard[]): Promise<PackageCard[]> {
  const live = source(context);
  return live ? live.packages() : fallback();
}

/** A content page as the server has it when it renders (undefined: no such page); otherwise `fallback()`. */
export async function loadPage(context: unknown, slug: string, fallback: () => Page | undefined): Promise<Page | undefined> {
  const live = source(context);
  return live ? live.page(slug) : fallback();
}
