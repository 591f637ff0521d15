import * as z from 'zod/mini';
import { usersAdminTexts } from '../messages/users-admin';

const quantityInvalid = { error: usersAdminTexts.quantityInvalid };

/**
 * The edit-user dialog's schema (spec §5): the package, and the balance the user will have — a whole number,
 * zero or more (a number input left empty holds '').
 */
export const userEditFormSchema = z.object({
  packageName: z.string(),
  messagesRemaining: z.int(quantityInvalid).check(z.gte(0, quantityInvalid)),
});
