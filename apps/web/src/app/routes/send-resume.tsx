import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { ar, paths } from '@sira/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { mailboxStatusQueryOptions } from '~/features/mailbox/api/mailbox-queries';
import { MailboxPanel } from '~/features/mailbox/components/mailbox-panel';
import { MyCompaniesLink } from '~/features/own-companies/components/my-companies-link';
import { SendResumeForm } from '~/features/sending/components/send-resume-form';
import { useLiveSending } from '~/features/sending/hooks/use-live-sending';
import type { Route } from './+types/send-resume';

export const meta: Route.MetaFunction = () => [{ title: `إرسال السيرة الذاتية | ${ar.app.name}` }, { name: 'robots', content: 'noindex' }];

const texts = {
  heading: 'إرسال السيرة الذاتية',
  intro: 'اربط بريدك في Gmail، واختر قالب الرسالة، وارفع سيرتك الذاتية: تُرسل رسالة مستقلة من بريدك إلى كل شركة في باقتك.',
  apply: 'وجدت إعلان وظيفة؟ قدّم عليه مباشرة',
};

/** /send-resume (spec §2): the mail link first, then the message; the form's submit waits for the link. */
export default function SendResume() {
  const mailbox = useQuery(mailboxStatusQueryOptions());
  useLiveSending();
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1} fz={28}>
            {texts.heading}
          </Title>
          <Text c="gray.8" mt={4}>
            {texts.intro}
          </Text>
          <Text size="sm" mt={4}>
            <Anchor component={Link} to={paths.applyToJobAd}>
              {texts.apply}
            </Anchor>
          </Text>
          <Text size="sm" mt={4}>
            <MyCompaniesLink />
          </Text>
        </div>
        <MailboxPanel />
        <SendResumeForm linked={mailbox.data?.linked === true} />
      </Stack>
    </Container>
  );
}
