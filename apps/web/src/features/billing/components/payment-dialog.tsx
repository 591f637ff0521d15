import { Button, Group, Stack, Text } from '@mantine/core';
import { CURRENCY_LABEL, type PackageCard } from '@sira/shared';
import { billingMessageForCode, paymentDialogTexts as t } from '@sira/shared/messages/billing';
import { useEffect } from 'react';
import { Dialog } from '~/components/ui/dialog';
import { ApiRequestError } from '~/lib/api-client';
import { notify } from '~/lib/notify';
import { useStartPayment } from '../api/start-payment';

/**
 * The payment step for a paid package, on /pricing and /upgrade: the price as the server knows it, then
 * Paylink's hosted page. The server creates and stores the invoice; on an error the message is shown and the
 * dialog closes (spec §2 "Payment error: show message and close modal").
 */
export function PaymentDialog({ pkg, onClose, title }: { pkg: PackageCard | null; onClose: () => void; title?: string }) {
  const start = useStartPayment();
  const leaving = start.isPending || start.isSuccess;

  // Back from Paylink, a browser may show this page from its back/forward cache, dialog and all, still
  // "leaving": the dialog starts over so the user can pay again or close it.
  useEffect(() => {
    const back = (event: PageTransitionEvent) => {
      if (event.persisted) start.reset();
    };
    window.addEventListener('pageshow', back);
    return () => window.removeEventListener('pageshow', back);
  }, [start.reset]);

  const pay = () => {
    if (!pkg) return;
    start.mutate(pkg.id, {
      onError: (error) => {
        notify.error(billingMessageForCode(error instanceof ApiRequestError ? error.code : undefined));
        start.reset();
        onClose();
      },
    });
  };

  return (
    <Dialog
      opened={pkg !== null}
      onClose={leaving ? () => undefined : onClose}
      title={pkg ? (title ?? t.title(pkg.name)) : ''}
      closeLabel={t.cancel}
    >
      {pkg ? (
        <Stack>
          <Text>
            {t.amount}: <strong>{pkg.price}</strong> {CURRENCY_LABEL} — {t.messages(pkg.messagesLimit)}
          </Text>
          <Text c="gray.8" size="sm">
            {t.explain}
          </Text>
          {leaving ? (
            <Text role="status" c="teal.9" fw={700}>
              {t.redirecting}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={leaving}>
              {t.cancel}
            </Button>
            <Button onClick={pay} loading={leaving}>
              {t.pay}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Dialog>
  );
}
