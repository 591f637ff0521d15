import * as z from 'zod/mini';
import { accountSecurityText } from '../messages/account-security';
import { RETENTION_DAYS_LIMITS } from '../schemas/retention';

const { min, max } = RETENTION_DAYS_LIMITS;
const outOfRange = { error: accountSecurityText.admin.outOfRange(min, max) };

/** The admin's retention period (ADR 012): whole days within the server's range (an empty input holds ''). */
export const retentionFormSchema = z.object({
  days: z.int(outOfRange).check(z.gte(min, outOfRange), z.lte(max, outOfRange)),
});
