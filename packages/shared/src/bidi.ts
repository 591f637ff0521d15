/**
 * Left-to-right runs inside right-to-left text. In an Arabic sentence the Unicode bidi algorithm reorders what
 * sits next to Latin text or numbers: the plus of "+966" lands after the digits, a bracket around an English
 * word is mirrored or leaves with its neighbour, the dot of "help@sira.sa." jumps to the other end. Isolating
 * each such run keeps it, brackets included, as written — `<bdi dir="ltr">` in HTML and React, the LRI … PDI
 * marks (U+2066, U+2069) in plain text (an e-mail's text part, a subject).
 */

/**
 * One LTR run: optionally an opening bracket, then words of Latin letters, digits and the signs addresses and
 * numbers are made of (e-mail, URL, phone: @ . _ % + - / : # & '), joined by spaces, then the matching
 * closing bracket when it opened with one. A message placeholder ({{company_name}}) is one run, braces included. Arabic letters end a run; Western digits alone start one.
 */
const WORD = String.raw`[+]?[A-Za-z0-9][A-Za-z0-9@._%+\-/:#&'’]*`;
const RUN = String.raw`${WORD}(?:[ \t]+${WORD})*`;
const LTR_RUN = new RegExp(String.raw`\{\{${RUN}\}\}|\(${RUN}\)|\[${RUN}\]|${RUN}`, 'g');

/** Trailing sentence punctuation belongs to the Arabic sentence, not to the run (a full stop after an address). */
const TRAILING_PUNCTUATION = /[.,:;!?]+$/;

export interface TextRun {
  text: string;
  ltr: boolean;
}

/** Every run starts with a Latin letter or digit: text without one has none (most Arabic values, at no regex cost). */
const LTR_START = /[A-Za-z0-9]/;

/** `text` cut into right-to-left pieces and the LTR runs inside them (concatenated, they are `text` again). */
export function ltrRuns(text: string): TextRun[] {
  if (!LTR_START.test(text)) return text ? [{ text, ltr: false }] : [];
  const runs: TextRun[] = [];
  let at = 0;
  // exec on the one global pattern rather than matchAll, which copies the pattern on every call (a message
  // fills several values); the loop runs to the end, so lastIndex is back at 0 for the next call.
  LTR_RUN.lastIndex = 0;
  for (let match = LTR_RUN.exec(text); match !== null; match = LTR_RUN.exec(text)) {
    let run = match[0];
    const trailing = TRAILING_PUNCTUATION.exec(run)?.[0] ?? '';
    run = run.slice(0, run.length - trailing.length);
    // A lone number keeps its place in right-to-left text; only numbers in groups ("11 234 5678") turn round.
    if (!run || /^\d+$/.test(run)) continue;
    if (match.index > at) runs.push({ text: text.slice(at, match.index), ltr: false });
    runs.push({ text: run, ltr: true });
    at = match.index + run.length;
  }
  if (at < text.length) runs.push({ text: text.slice(at), ltr: false });
  return runs;
}

const LRI = '\u2066';
const PDI = '\u2069';

/** Plain text with each LTR run isolated by LRI … PDI; text without Latin letters or digits is returned as it is. */
export function isolateLtrRuns(text: string): string {
  if (!LTR_START.test(text)) return text;
  return ltrRuns(text)
    .map((run) => (run.ltr ? `${LRI}${run.text}${PDI}` : run.text))
    .join('');
}
