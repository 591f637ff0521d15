/** Elements the editor writes under another name: `<b>` comes back as `<strong>`, `<i>` as `<em>`. */
const SAME_AS: Record<string, string> = { b: 'strong', i: 'em' };

const elementNames = (html: string) => new Set([...html.matchAll(/<([a-z][a-z0-9]*)\b/gi)].map((m) => (m[1] ?? '').toLowerCase()));

/**
 * The elements of saved HTML that the editor could not take in (a table, an image, a <bdi>), read by comparing
 * the saved HTML with the editor's first rendering of it: saving from the editor would drop them, so the
 * administrator is told before, not after.
 */
export function notEditableElements(saved: string, edited: string): string[] {
  const kept = elementNames(edited);
  return [...elementNames(saved)].filter((name) => !kept.has(SAME_AS[name] ?? name)).sort();
}
