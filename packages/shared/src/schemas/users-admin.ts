import { z } from 'zod';
import { singleLineText } from './common';

/** GET /api/admin/users query: e-mail search (contains, case-insensitive) and a 1-based page. */
export const adminUsersQuerySchema = z.object({
  search: z.string().trim().max(320).default(''),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUserRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** The applicant's name as the user gave it (Arabic), null until they do. */
  fullName: z.string().nullable(),
  packageName: z.string(),
  messagesRemaining: z.number().int(),
  /** Rows in the user's own list ("my companies", ADR 029): a count; the admin never reads the addresses. */
  ownCompanies: z.number().int(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUserListSchema = z.object({
  rows: z.array(adminUserRowSchema),
  /** Every profile matching the search, even past the cap. */
  total: z.number().int(),
  /** The matches reach the list's cap (total ≥ 1,000, spec §2 and §9): the panel shows the spec's warning. */
  capped: z.boolean(),
  /** Whole-table counts, independent of the search: accounts on the admin package vs all others. */
  counts: z.object({ users: z.number().int(), admins: z.number().int() }),
});
export type AdminUserList = z.infer<typeof adminUserListSchema>;

/** Profile ids are better-auth's text ids, not UUIDs. */
export const adminUserParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** PATCH /api/admin/users/:id (spec §5 "Admin user edit"). */
export const adminUserUpdateSchema = z.object({
  packageName: singleLineText().trim().min(1).max(100),
  messagesRemaining: z.number().int().min(0).max(1_000_000_000),
  /**
   * The balance the form showed when it opened. When the package stays and the stored balance has moved
   * since (the user sent, or bought), the save is refused instead of writing over it (BALANCE_CHANGED).
   */
  messagesRemainingWas: z.number().int().min(0).optional(),
});
export type AdminUserUpdate = z.infer<typeof adminUserUpdateSchema>;
