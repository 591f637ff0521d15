import { z } from 'zod';

/** What the browser learns about who is signed in. The role is decided on the server. */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
});
export const sessionSchema = z.object({ user: sessionUserSchema.nullable() });
export type SessionUser = z.infer<typeof sessionUserSchema>;
