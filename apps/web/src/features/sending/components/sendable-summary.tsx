import { Alert, Anchor, Group, Text } from '@mantine/core';
import { formatNumber, messageCount, PACKAGE_COMPANY_LIMIT, paths, type TargetSource } from '@sira/shared';
import { sendableText, sendingText } from '@sira/shared/messages/sending';
import type { SendingCompose } from '@sira/shared/schemas/sending';
import { Link } from 'react-router';

const texts = {
  upgrade: 'ترقية الباقة',
  noOwnCompanies: 'لا توجد في قائمتك شركات لم تراسلها بعد.',
  ownDetail: (balance: number, companies: number) =>
    `رصيدك: ${messageCount(balance)} · شركات قائمتك التي لم تراسلها بعد: ${formatNumber(companies)}`,
  bothDetail: (balance: number, companies: number) =>
    `رصيدك: ${messageCount(balance)} · الشركات التي لم تراسلها بعد في الدليل وقائمتك: ${formatNumber(companies)}`,
};

/**
 * What one submit will do, shown before submitting (spec §9: the lesser of balance and available companies, and
 * of a send's limit, saying what that limit leaves for another send) — and when the mailbox's daily cap will
 * hold part of it, that it does. It says how many, not "now": when they leave, over how many days, is the
 * plan's to say (send-plan.tsx): it follows the window the user chooses, which the cap alone does not.
 * `sendable`: the count of a send narrowed to some sectors and cities (target-filter.tsx), or taken from the
 * user's own companies, when it is. `remaining`: the companies the send's `source` may still take, all of them.
 */
export function SendableSummary({
  compose,
  sendable = compose.sendableNow,
  source = 'directory',
  remaining = compose.companiesRemaining,
}: {
  compose: SendingCompose;
  sendable?: number;
  source?: TargetSource;
  remaining?: number;
}) {
  if (compose.balance <= 0) return <NoBalanceAlert />;
  if (remaining <= 0) {
    return (
      <Alert color="yellow" role="status">
        {source === 'own_list' ? texts.noOwnCompanies : sendingText.noCompanies}
      </Alert>
    );
  }
  // The cap lets the same number go before it holds one, whatever the size of the send.
  const limit = compose.dailyLimit && sendable > compose.dailyLimit.sendsNow ? compose.dailyLimit : null;
  const beyondOneSend = sendable >= PACKAGE_COMPANY_LIMIT && remaining > PACKAGE_COMPANY_LIMIT;
  const detail =
    source === 'own_list'
      ? texts.ownDetail(compose.balance, remaining)
      : source === 'both'
        ? texts.bothDetail(compose.balance, remaining)
        : sendableText.detail(compose.balance, remaining);
  return (
    <Alert color="teal" role="status" title={sendableText.reaches(sendable)} data-testid="sendable-summary">
      {limit ? <Text size="sm">{sendingText.dailyLimitExplain(limit.cap)}</Text> : null}
      <Text size="sm">{detail}</Text>
      {beyondOneSend ? (
        <Text size="sm" fw={700} data-testid="per-send-limit">
          {sendableText.perSendLimit(remaining)}
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
