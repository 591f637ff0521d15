import { Alert, Anchor, Group, Text } from '@mantine/core';
import { formatNumber, messageCount, paths } from '@sira/shared';
import { sendingText } from '@sira/shared/messages/sending';
import type { SendingCompose } from '@sira/shared/schemas/sending';
import { Link } from 'react-router';

const texts = {
  sendableNow: (n: string) => `سيتم الإرسال الآن إلى ${n} شركة`,
  detail: (balance: number, companies: string) =>
    `رصيدك: ${messageCount(balance)} · الشركات المتاحة في باقتك ولم تراسلها بعد: ${companies}`,
  upgrade: 'ترقية الباقة',
};

/**
 * What one submit will do, shown before submitting (spec §9: the lesser of balance and available companies) —
 * and when the mailbox's daily cap will hold part of it, that it does. Over how many days and until when is the
 * plan's to say (send-plan.tsx): it follows the window the user chooses, which the cap alone does not.
 */
export function SendableSummary({ compose }: { compose: SendingCompose }) {
  if (compose.balance <= 0) return <NoBalanceAlert />;
  if (compose.companiesRemaining <= 0) {
    return (
      <Alert color="yellow" role="status">
        {sendingText.noCompanies}
      </Alert>
    );
  }
  const limit = compose.dailyLimit;
  const title = texts.sendableNow(formatNumber(compose.sendableNow));
  return (
    <Alert color="teal" role="status" title={title} data-testid="sendable-summary">
      {limit ? <Text size="sm">{sendingText.dailyLimitExplain(limit.cap)}</Text> : null}
      <Text size="sm">{texts.detail(compose.balance, formatNumber(compose.companiesRemaining))}</Text>
    </Alert>
  );
}

/** Spec §5's balance message, always with the way out: the upgrade page. */
export function NoBalanceAlert() {
  return (
    <Alert color="red" role="alert">
      <Group gap="xs">
        <Text size="sm" c="red.9" fw={700}>
          {sendingText.noBalance}
        </Text>
        <Anchor component={Link} to={paths.upgrade} fw={700} c="red.9" td="underline">
          {texts.upgrade}
        </Anchor>
      </Group>
    </Alert>
  );
}
