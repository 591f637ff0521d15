import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOUNS } from '../packages/shared/src/format';

/**
 * Every counted noun the interface writes goes through countOf (packages/shared/src/format.ts): a template that puts a number
 * straight before a noun («إلى ${n} شركة») reads «إلى 10 شركة» for 3–10. This finds such templates in the
 * texts users read: the shared messages, the web app and the server's e-mails.
 */

const repo = join(import.meta.dirname, '..');
const roots = ['packages/shared/src', 'apps/web/src', 'apps/server/src/mail'];

/** The words a counted noun starts with, in every form NOUNS writes (شركة، شركات، يوماً، أجهزة…). */
const nounWords = [
  ...new Set(Object.values(NOUNS).flatMap((noun) => [noun.few, noun.many, noun.other].map((form) => form.split(' ')[0] as string))),
];
const interpolation = String.raw`\$\{(?:[^{}]|\{[^{}]*\})*\}`;
const bypass = new RegExp(String.raw`${interpolation}\s*(?:${nounWords.join('|')})(?=[\s.,،:؛)!؟'"\x60]|$)`, 'gu');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The count templates of a source text that write a noun after a number themselves. */
function countTemplatesBypassingCountOf(source: string): string[] {
  return [...source.matchAll(bypass)].map((m) => m[0]);
}

describe('counted nouns', () => {
  /** Source text written with #{…} for ${…}, so that it stays data here. */
  const code = (text: string) => text.replaceAll('#{', '${');
  const found = (text: string) => countTemplatesBypassingCountOf(code(text));

  it('finds a number written straight before a noun', () => {
    expect(found('const t = (n) => `إلى #{n} شركة.`;')).toEqual([code('#{n} شركة')]);
    expect(found('`من #{formatNumber(n)} أجهزة أخرى`')).toEqual([code('#{formatNumber(n)} أجهزة')]);
    expect(found('`تم تخطي #{r.skipped} صف غير صالح`')).toEqual([code('#{r.skipped} صف')]);
    expect(found('`إلى #{countOf(n, NOUNS.company)}.`')).toEqual([]);
    expect(found('`#{name} شركتنا`')).toEqual([]);
  });

  it('finds none in the texts users read', () => {
    const hits = roots.flatMap((root) =>
      sourceFiles(join(repo, root)).flatMap((file) =>
        countTemplatesBypassingCountOf(readFileSync(file, 'utf8')).map((hit) => `${relative(repo, file)}: ${hit}`),
      ),
    );
    expect(hits).toEqual([]);
  });
});
