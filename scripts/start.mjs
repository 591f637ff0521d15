// `npm start`: build what changed, then run the server (embedded PGlite in ./data unless DATABASE_URL is set).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfNeeded, root } from './build-if-needed.mjs';

try {
  buildIfNeeded();
} catch {
  console.error('\nThe build failed (see above). Sira was not started.\n');
  process.exit(1);
}
process.chdir(root);
await import(pathToFileURL(join(root, 'apps/server/dist/server.js')).href);
