import { z } from 'zod';

export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  totalRevenue: z.number().int(),
  messagesSent: z.number().int(),
  activeUsers: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;
