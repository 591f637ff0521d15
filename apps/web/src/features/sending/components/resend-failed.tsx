import { Alert, Button, Text } from '@mantine/core';
import { deliveriesText, sendingMessage } from '@sira/shared/messages/sending';
import { useState } from 'react';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { ApiRequestError } from '~/lib/api-client';
import { notify } from '~/lib/notify';
import { useResendFailed } from '../api/resend-failed';

/**
 * "Resend failed" in one action: the failed deliveries whose cause was passing go back to the queue, each
 * debited again. Asked first, since it spends balance; the server decides which rows and whether the
 * balance allows, and its refusal is said in Arabic inside the dialog.
 */
export function ResendFailed({ count }: { count: number }) {
  const [opened, setOpened] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const resend = useResendFailed();
  const close = () => {
    setOpened(false);
    setProblem(null);
  };
  const confirm = () => {
    setProblem(null);
    resend.mutate(undefined, {
      onSuccess: (result) => {
        notify.success(deliveriesText.resent(result.resent));
        close();
      },
      onError: (error) => {
        const code = error instanceof ApiRequestError ? error.code : undefined;
        setProblem(sendingMessage(code) ?? deliveriesText.resendFailed);
      },
    });
  };
  return (
    <>
      <Button variant="light" color="teal.9" onClick={() => setOpened(true)}>
        {deliveriesText.resend(count)}
      </Button>
      <ConfirmDialog
        opened={opened}
        onClose={close}
        title={deliveriesText.resend(count)}
        closeLabel={deliveriesText.resendCancel}
        cancelLabel={deliveriesText.resendCancel}
        confirmLabel={deliveriesText.resendConfirm}
        pending={resend.isPending}
        onConfirm={confirm}
      >
        <Text>{deliveriesText.resendExplain(count)}</Text>
        {problem ? (
          <Alert color="red" role="alert" mt="sm">
            <Text size="sm" c="red.9" fw={700}>
              {problem}
            </Text>
          </Alert>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
