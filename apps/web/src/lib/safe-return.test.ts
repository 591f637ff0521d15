import { describe, expect, it } from 'vitest';
import { loginHref, safeReturnPath } from './safe-return';

describe('safeReturnPath', () => {
  it('keeps internal paths and refuses anything that leaves the site', () => {
    expect(safeReturnPath('/billing?x=1')).toBe('/billing?x=1');
    expect(safeReturnPath(null)).toBe('/dashboard');
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/login?from=/x']) {
      expect(safeReturnPath(bad)).toBe('/dashboard');
    }
  });
  it('builds the login address with the page to come back to', () => {
    expect(loginHref('/send-resume')).toBe('/login?from=%2Fsend-resume');
  });
});
