import { z } from 'zod';
import { errorCodes } from '../messages/ar';
import { hasLineBreak, withoutBidiScopes } from '../rules/text';

/** The shape of every API error body. Details never include stack traces or SQL. */
export const apiErrorSchema = z.object({
  code: z.string(),
  /** Field-level problems of a VALIDATION error: path → code. */
  issues: z.array(z.object({ path: z.string(), code: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const idParamSchema = z.object({ id: z.uuid() });

/**
 * A name, title or other line of display text as an administrator types it: bidirectional embeddings,
 * overrides and isolates are dropped before any other check (rules/text.ts), so a package name never shows
 * reversed on /pricing. Chain `.trim()`, `.min()`, `.max()` as for any string.
 */
export const displayText = () => z.string().overwrite(withoutBidiScopes);

const oneLine = [(text: string) => !hasLineBreak(text), { message: errorCodes.LINE_BREAKS }] as const;

/**
 * A one-line display text — a name, a title, a subject, a label: `displayText` that refuses a line break
 * anywhere, leading and trailing ones included (the server answers 400 LINE_BREAKS naming the field).
 */
export const singleLineText = () => displayText().refine(...oneLine);

/** A one-line value kept as typed — an address, a phone number, a key, an id: no line break anywhere. */
export const singleLine = () => z.string().refine(...oneLine);

/** What the server's sanitiser removed from saved admin HTML (rules/rich-html.ts); both empty when nothing. */
export const htmlRemovalsSchema = z.object({ elements: z.array(z.string()), attributes: z.array(z.string()) });
