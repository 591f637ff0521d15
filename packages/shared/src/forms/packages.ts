import * as z from 'zod/mini';
import { isSellablePrice } from '../constants';
import { packagesAdminTexts } from '../messages/packages-admin';

/**
 * The add/edit-package dialog's schema (spec §5): a name, and a price the gateway can charge (0 for a free
 * package). The two are independent and each is said under its own field. Numbers may be '' while typed; an
 * empty price counts as 0, as the saved body does.
 */
export const packageFormSchema = z.object({ name: z.string(), price: z.union([z.number(), z.string()]) }).check(
  z.superRefine((values, ctx) => {
    if (!values.name.trim()) ctx.addIssue({ code: 'custom', message: packagesAdminTexts.nameRequired, path: ['name'] });
    const price = values.price === '' ? 0 : Number(values.price);
    if (!isSellablePrice(price)) ctx.addIssue({ code: 'custom', message: packagesAdminTexts.priceBelowMinimum, path: ['price'] });
  }),
);
