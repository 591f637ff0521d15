// The server entry of the public pages' renderer (ADR 004): the same module renders them at build time
// (prerender) and, in the running server, on demand from build/render/index.js with the database's data.
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import type { PublicPageContext } from '@sira/shared/public-content';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { FirstScreenContext, firstScreenData } from './first-screen';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext?: PublicPageContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');

    // A signed-in page is drawn from the answers the server obtained for its first screen (first-screen.tsx).
    const answers = loadContext?.firstScreen;

    // Ensure requests from bots, SPA Mode renders and signed-in pages (answered whole, their data at hand) wait
    // for all content to load before responding
    // https://react.dev/reference/react-dom/server/renderToPipeableStream#waiting-for-all-content-to-load-for-crawlers-and-static-generation
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || answers ? 'onAllReady' : 'onShellReady';

    // Abort the rendering stream after the `streamTimeout` so it has time to
    // flush down the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const router = <ServerRouter context={routerContext} url={request.url} />;
    const app = answers ? (
      <FirstScreenContext value={firstScreenData(new URL(request.url).pathname, answers)}>{router}</FirstScreenContext>
    ) : (
      router
    );
    const { pipe, abort } = renderToPipeableStream(app, {
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            // Clear the timeout to prevent retaining the closure and memory leak
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        const stream = createReadableStreamFromReadable(body);

        responseHeaders.set('Content-Type', 'text/html');

        pipe(body);

        resolve(
          new Response(stream, {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Log streaming rendering errors from inside the shell.  Don't log
        // errors encountered during initial shell rendering since they'll
        // reject and get logged in handleDocumentRequest.
        if (shellRendered) {
          console.error(error);
        }
      },
    });
  });
}

/**
 * The request handler of this very build, exported so the API server renders with the React Router copy
 * bundled here (the one the route modules use), never a second one from its own dependencies.
 */
export { createRequestHandler } from 'react-router';

/** The signed-in pages the server draws with the user's data, and the API answers each one's first screen reads. */
export { FIRST_SCREEN_PAGES, firstScreenAddresses } from './first-screen';
