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
 * A keyset-paged list's `cursor` query parameter: one of the cursors its last answer gave, as it gave it, or
 * absent for the first page. Opaque to the web; the server decodes and checks it (lib/keyset.ts) and answers
 * 400 CURSOR_INVALID when it is not one it made for the same filters.
 */
export const pageCursor = () =>
  z
    .string()
    .max(2048, { message: errorCodes.CURSOR_INVALID })
    .regex(/^[A-Za-z0-9_-]+$/, { message: errorCodes.CURSOR_INVALID })
    .optional();

/**
 * The page part of a keyset-paged list's answer (ADR 024, "Long lists"): where its rows sit in the list and
 * the cursors to the pages around it. Pages are reached by key, never by OFFSET, so any page costs what the
 * first one does.
 */
export const keysetPageFields = {
  pageSize: z.number().int(),
  /** Rows that match the filters: exact, or the database's estimate when counting them all would cost. */
  total: z.number().int(),
  totalIsEstimate: z.boolean(),
  /** 1-based place of the page's first row in the list (0 when empty). */
  from: z.number().int(),
  /** The place was counted back from an estimated end (the last pages), so it is an estimate too. */
  fromIsEstimate: z.boolean(),
  /** Each null when there is no such page: previous and next, the last page, and this page's first row on. */
  cursors: z.object({
    previous: z.string().nullable(),
    next: z.string().nullable(),
    last: z.string().nullable(),
    /** This page from its first row: asked for with another page size, it keeps that row at the top. */
    current: z.string().nullable(),
  }),
};

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
