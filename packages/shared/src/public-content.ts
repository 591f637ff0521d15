import type { Footer, Page } from './schemas/content';
import type { PackageCard } from './schemas/packages';

/**
 * What the server hands the public pages' loaders when it renders them (ADR 004): the database's current
 * content. Absent at build time, when the loaders fall back to the installation's defaults.
 */
export interface PublicContentSource {
  packages(): Promise<PackageCard[]>;
  page(slug: string): Promise<Page | undefined>;
  footer(): Promise<Footer>;
}

/** The React Router load context of a server-rendered public page. */
export interface PublicPageContext {
  publicContent?: PublicContentSource;
  /**
   * The visitor carries no session cookie. A page whose React is needed only by signed-in visitors (/pricing:
   * the current package, the payment dialog) is then sent as plain HTML with the static pages' small script.
   */
  anonymous?: boolean;
  /**
   * A signed-in page's first screen (ADR 028): the API answers it reads, by address, obtained for the signed-in
   * user with their own session. The page is drawn from them and carries them for the browser to start from.
   */
  firstScreen?: Record<string, unknown>;
}
