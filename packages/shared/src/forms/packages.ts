import * as z from 'zod/mini';
import { isSellablePrice } from '../constants';
import { messageForCode } from '../messages/ar';
import { packagesAdminTexts } from '../messages/packages-admin';
import { hasLineBreak } from '../rules/text';

const oneLineFields = ['name', 'icon', 'ctaText'] as const;

/**
 * The add/edit-package dialog's schema (spec §5): a name, and a price the gateway can charge (0 for a free
 * package); the name, icon and button text on one line each. The fields are independent and each is said under
 * its own field. Numbers may be '' while typed; an empty price counts as 0, as the saved body does.
 */
export const packageFormSchema = z
  .object({
    name: z.string(),
    price: z.union([z.number(), z.string()]),
    icon: z.optional(z.string()),
    ctaText: z.optional(z.string()),
  })
  .check(
    z.superRefine((values, ctx) => {
      const broken = oneLineFields.filter((field) => hasLineBreak(values[field] ?? ''));
      for (const field of broken) ctx.addIssue({ code: 'custom', message: messageForCode('LINE_BREAKS'), path: [field] });
      if (!broken.includes('name') && !values.name.trim())
        ctx.addIssue({ code: 'custom', message: packagesAdminTexts.nameRequired, path: ['name'] });
      const price = values.price === '' ? 0 : Number(values.price);
      if (!isSellablePrice(price)) ctx.addIssue({ code: 'custom', message: packagesAdminTexts.priceBelowMinimum, path: ['price'] });
    }),
  );
