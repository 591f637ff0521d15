import { z } from 'zod';

/** The shape of every API error body. Details never include stack traces or SQL. */
export const apiErrorSchema = z.object({
  code: z.string(),
  /** Field-level problems of a VALIDATION error: path → code. */
  issues: z.array(z.object({ path: z.string(), code: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const idParamSchema = z.object({ id: z.uuid() });
