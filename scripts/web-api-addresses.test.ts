import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web app reaches the API only through the contract (packages/shared/src/contract, `call` and `hrefOf` in
 * apps/web/src/lib/api-client.ts), so a renamed route or a changed answer fails the type check instead of a
 * browser journey. An address written by hand — '/api/…', "/api/…" or a template with /api/ — is what this finds.
 * Component tests name the addresses they stand in for through the contract too (`on` in
 * apps/web/test-support/api.ts).
 */

const repo = join(import.meta.dirname, '..');
const webSources = [join(repo, 'apps/web/src'), join(repo, 'apps/web/test-support')];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** A string or template that starts with /api (or "METHOD /api", a test stub's key), or a template with /api/ anywhere in it. */
const handWritten = /(['"`])(?:(?:GET|POST|PUT|PATCH|DELETE) )?\/api\b|`[^`]*\/api\//g;

const addressesIn = (source: string) => [...source.matchAll(handWritten)].map((m) => m[0]);

describe('API addresses in the web app', () => {
  it('finds an address in quotes, in a template, and after a prefix in a template', () => {
    /** Source text written with #{…} for ${…}, so that it stays data here. */
    const code = (text: string) => text.replaceAll('#{', '${');
    expect(addressesIn(`call('/api/sending/targets')`)).toHaveLength(1);
    expect(addressesIn(`fetch("/api/events")`)).toHaveLength(1);
    expect(addressesIn(`stubApi({ 'GET /api/sending/targets': ok })`)).toHaveLength(1);
    expect(addressesIn(code('api(`/api/admin/companies/#{id}`)'))).toHaveLength(1);
    expect(addressesIn(code('fetch(`#{origin}/api/events`)'))).toHaveLength(1);
    // A comment naming a route, or a module path, is not an address.
    expect(addressesIn(`// guards every /api/admin route\nimport { x } from '../api/get-compose';`)).toEqual([]);
  });

  it('are all taken from the contract', () => {
    const found = webSources
      .flatMap(sourceFiles)
      .flatMap((file) => addressesIn(readFileSync(file, 'utf8')).map((address) => `${relative(repo, file)}: ${address}`));
    expect(found).toEqual([]);
  });
});
