import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { DISPLAY_LOCALE, DISPLAY_TIME_ZONE } from '@sira/shared';
import { accountSecurityText } from '@sira/shared/messages/account-security';
import { LoadError } from '~/components/ui/load-error';
import { useErrorToast } from '~/lib/use-error-toast';
import { useRetentionNotice } from '../api/account-security';

const t = accountSecurityText.retention;
const longDate = new Intl.DateTimeFormat(DISPLAY_LOCALE, { dateStyle: 'long', timeZone: DISPLAY_TIME_ZONE });

/** The dashboard says when the user's résumés and message bodies will be erased (ADR 012). */
export function RetentionNotice() {
  const notice = useRetentionNotice();
  useErrorToast(notice, t.loadFailed);
  if (notice.isPending) return <Skeleton height={90} radius="md" aria-busy="true" />;
  if (notice.isError && !notice.data) return <LoadError title={t.loadFailed} query={notice} />;
  const { days, deleteOn, waitingForSend } = notice.data;
  const sentence = deleteOn ? t.deleteOn(longDate.format(new Date(deleteOn))) : waitingForSend ? t.waiting(days) : t.nothingHeld(days);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="retention-heading">
      <Stack gap="xs">
        <Title order={2} fz="lg" id="retention-heading">
          {t.heading}
        </Title>
        <Text data-testid="retention-sentence">{sentence}</Text>
        {deleteOn || waitingForSend ? (
          <Text size="sm" c="gray.8">
            {t.kept}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
