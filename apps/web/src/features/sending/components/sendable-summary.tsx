import { Alert, Anchor, Group, Text } from '@mantine/core';
import { PACKAGE_COMPANY_LIMIT, paths } from '@sira/shared';
import { sendableText, sendingText } from '@sira/shared/messages/sending';
import type { SendingCompose } from '@sira/shared/schemas/sending';
import { Link } from 'react-router';

const texts = {
  upgrade: 'ترقية الباقة',
};

/**
 * What one submit will do, shown before submitting (spec §9: the lesser of balance and available companies, and
 * of a send's limit, saying what that limit leaves for another send) — and when the mailbox's daily cap will
 * hold part of it, that it does. It says how many, not "now": when they leave, over how many days, is the
 * plan's to say (send-plan.tsx): it follows the window the user chooses, which the cap alone does not.
 * `sendable`: the count of a send narrowed to some sectors and cities (target-filter.tsx), when it is.
 */
export function SendableSummary({ compose, sendable = compose.sendableNow }: { compose: SendingCompose; sendable?: number }) {
  if (compose.balance <= 0) return <NoBalanceAlert />;
  if (compose.companiesRemaining <= 0) {
    return (
      <Alert color="yellow" role="status">
        {sendingText.noCompanies}
      </Alert>
    );
  }
  // The cap lets the same number go before it holds one, whatever the size of the send.
  const limit = compose.dailyLimit && sendable > compose.dailyLimit.sendsNow ? compose.dailyLimit : null;
  const beyondOneSend = sendable >= PACKAGE_COMPANY_LIMIT && compose.companiesRemaining > PACKAGE_COMPANY_LIMIT;
  return (
    <Alert color="teal" role="status" title={sendableText.reaches(sendable)} data-testid="sendable-summary">
      {limit ? <Text size="sm">{sendingText.dailyLimitExplain(limit.cap)}</Text> : null}
      <Text size="sm">{sendableText.detail(compose.balance, compose.companiesRemaining)}</Text>
      {beyondOneSend ? (
        <Text size="sm" fw={700} data-testid="per-send-limit">
          {sendableText.perSendLimit(compose.companiesRemaining)}
        </Text>
      ) : null}
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
