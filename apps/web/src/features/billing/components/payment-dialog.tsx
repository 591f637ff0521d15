import { Button, Group, Stack, Text } from '@mantine/core';
import { CURRENCY_LABEL, type PackageCard } from '@sira/shared';
import { Dialog } from '~/components/ui/dialog';

const texts = {
  title: (name: string) => `الدفع لـ ${name}`,
  amount: 'المبلغ',
  setup:
    'الدفع الإلكتروني عبر بوابة Paylink قيد التجهيز حالياً، ولن يُخصم أي مبلغ الآن. يمكنك المتابعة بالباقة التجريبية، وسنفعّل الدفع قريباً.',
  cancel: 'إلغاء',
};

/**
 * The payment dialog for a paid package. It states honestly that online payment is still being set up:
 * it never pretends a payment succeeded (billing issue).
 */
export function PaymentDialog({ pkg, onClose }: { pkg: PackageCard | null; onClose: () => void }) {
  return (
    <Dialog opened={pkg !== null} onClose={onClose} title={pkg ? texts.title(pkg.name) : ''} closeLabel={texts.cancel}>
      {pkg ? (
        <Stack>
          <Text>
            {texts.amount}: <strong>{pkg.price}</strong> {CURRENCY_LABEL}
          </Text>
          <Text c="gray.8" role="status">
            {texts.setup}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {texts.cancel}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Dialog>
  );
}
