import { z } from 'zod';

export const profileOverviewSchema = z.object({
  email: z.string(),
  packageName: z.string(),
  messagesRemaining: z.number().int(),
  messagesSent: z.number().int(),
  failedCount: z.number().int(),
  isAdmin: z.boolean(),
});
export type ProfileOverview = z.infer<typeof profileOverviewSchema>;
