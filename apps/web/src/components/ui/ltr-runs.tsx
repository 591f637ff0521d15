import type { ReactNode } from 'react';

/** A phone prefix such as +966: in right-to-left text its plus sign would otherwise land after the digits. */
const SIGNED_NUMBER = /(\+\d+)/;

/**
 * The text with each signed number isolated left to right (<bdi dir="ltr">), so "+966" reads as written. The
 * text itself is unchanged — no invisible marks — so it still matches the spec's wording when copied or
 * searched.
 */
export function withLtrRuns(text: string): ReactNode {
  if (!SIGNED_NUMBER.test(text)) return text;
  return text.split(SIGNED_NUMBER).map((part, i) =>
    i % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered
      <bdi key={i} dir="ltr">
        {part}
      </bdi>
    ) : (
      part
    ),
  );
}
