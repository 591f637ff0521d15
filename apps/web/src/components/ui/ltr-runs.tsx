import { ltrRuns } from '@sira/shared/bidi';
import type { ReactNode } from 'react';

/**
 * The text with each left-to-right run — an e-mail address, a phone number such as +966 11 234 5678, a Latin
 * word with its brackets — isolated (<bdi dir="ltr">), so it reads as written inside an Arabic sentence
 * (@sira/shared bidi.ts). The text itself is unchanged — no invisible marks — so it still matches the spec's
 * wording when copied or searched. For messages and for data (names, addresses, descriptions).
 */
export function withLtrRuns(text: string): ReactNode {
  const runs = ltrRuns(text);
  if (!runs.some((run) => run.ltr)) return text;
  return runs.map((run, i) =>
    run.ltr ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, never reordered
      <bdi key={i} dir="ltr">
        {run.text}
      </bdi>
    ) : (
      run.text
    ),
  );
}
