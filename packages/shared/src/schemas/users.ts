import { z } from 'zod';

export const profileOverviewSchema = z.object({
  email: z.string(),
  packageName: z.string(),
  messagesRemaining: z.number().int(),
  messagesSent: z.number().int(),
  failedCount: z.number().int(),
  isAdmin: z.boolean(),
  /** The applicant's name (null until given: accounts made before it was asked) and phone. */
  fullName: z.string().nullable(),
  fullNameEn: z.string().nullable(),
  phone: z.string().nullable(),
});
export type ProfileOverview = z.infer<typeof profileOverviewSchema>;

/** PUT /api/users/me/applicant: the name companies see (From and {{applicant_name}}). */
export const applicantNameBodySchema = z.object({ fullName: z.string().max(200), fullNameEn: z.string().max(200).optional() });
export type ApplicantNameBody = z.infer<typeof applicantNameBodySchema>;
export const applicantSchema = z.object({
  fullName: z.string().nullable(),
  fullNameEn: z.string().nullable(),
  phone: z.string().nullable(),
});
export type Applicant = z.infer<typeof applicantSchema>;
