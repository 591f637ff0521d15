import { Alert, Button, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { PAYMENT_POLLING, paths, TOAST_RETRY_EXHAUSTED_MS } from '@sira/shared';
import { paymentCallbackTexts as t } from '@sira/shared/messages/billing';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { notify } from '~/lib/notify';
import { afterVerification, referenceFrom, usePaymentVerification, type Verification } from '../hooks/use-payment-verification';

/** Whether the payment gave the buyer its package, or only its messages (they keep a dearer or the admin package). */
const keptAnotherPackage = (state: Extract<Verification, { kind: 'success' }>) =>
  state.packageName !== null && state.activePackageName !== null && state.activePackageName !== state.packageName;

function successTitle(state: Extract<Verification, { kind: 'success' }>): string {
  if (keptAnotherPackage(state)) return t.successMessagesOnly(state.packageName as string, state.activePackageName as string);
  return state.packageName ? t.successPackage(state.packageName) : t.success;
}

/**
 * /payment-callback (spec §2, §4): Paylink sends the browser here; the server checks the invoice with
 * Paylink and credits it. Loading, then success or error, each moving on after 3 s (afterVerification).
 */
export function PaymentCallbackPanel() {
  const [search] = useSearchParams();
  const reference = referenceFrom(search);
  const state = usePaymentVerification(reference);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const next = afterVerification(state, search);

  useEffect(() => {
    if (state.kind === 'success') {
      // The balance, package and history changed: every page shows the new numbers.
      void queryClient.invalidateQueries();
      notify.success(keptAnotherPackage(state) ? successTitle(state) : t.upgraded);
    }
    // Spec §8: the message after the attempts ran out stays longer, as every retry-exhausted toast does.
    if (state.kind === 'error') notify.error(state.message, state.message === t.attemptsExhausted ? TOAST_RETRY_EXHAUSTED_MS : undefined);
  }, [state, queryClient]);

  useEffect(() => {
    if (!next) return;
    const timer = setTimeout(() => navigate(next, { replace: true }), PAYMENT_POLLING.redirectAfterMs);
    return () => clearTimeout(timer);
  }, [next, navigate]);

  return (
    <Card withBorder radius="lg" padding="xl">
      <Stack align="center" gap="md" ta="center">
        <Title order={1} fz={26}>
          {t.title}
        </Title>
        {state.kind === 'checking' ? (
          <Stack align="center" gap="xs" role="status" aria-live="polite">
            <Loader color="teal.9" aria-hidden="true" />
            <Text fw={700}>{t.checking}</Text>
            <Text size="sm" c="gray.8">
              {t.checkingAttempt(state.attempt, PAYMENT_POLLING.attempts)}
            </Text>
          </Stack>
        ) : state.kind === 'success' ? (
          <Alert color="teal" role="status" w="100%" title={successTitle(state)}>
            <Text size="sm">{t.toDashboard}</Text>
          </Alert>
        ) : (
          <Alert color="red" role="alert" w="100%" title={state.message}>
            <Text size="sm">{state.signedOut ? t.toLogin : next === paths.billing ? t.toBilling : t.toPricing}</Text>
          </Alert>
        )}
        {next ? (
          <Button variant="light" onClick={() => navigate(next, { replace: true })}>
            {t.goNow}
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}
