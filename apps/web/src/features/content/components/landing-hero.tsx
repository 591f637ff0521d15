import { Button, Container, Group, Text, Title } from '@mantine/core';
import { paths } from '@sira/shared';
import { Link } from 'react-router';

const texts = {
  title: 'وظيفتك القادمة تبدأ برسالة واحدة إلى آلاف الشركات',
  body: 'ارفع سيرتك الذاتية، اختر قالب الرسالة، ودع سيرة ترسلها من بريدك أنت إلى أكثر من 3000 شركة في المملكة بوتيرة آمنة تحمي حسابك. دفعة واحدة، بلا اشتراك.',
  start: 'ابدأ الآن',
  seePricing: 'شاهد الباقات والأسعار',
};

/** The hero: start goes to the dashboard when signed in, else to registration (spec §2). */
export function LandingHero({ startTo }: { startTo: string }) {
  return (
    <section aria-labelledby="hero-title" style={{ background: 'linear-gradient(180deg, var(--mantine-color-teal-0), transparent)' }}>
      <Container size="lg" py={72}>
        <Title id="hero-title" order={1} fz={{ base: 30, sm: 44 }} maw={760} lh={1.3}>
          {texts.title}
        </Title>
        <Text fz="lg" c="gray.8" mt="md" maw={680}>
          {texts.body}
        </Text>
        <Group mt="xl">
          <Button component={Link} to={startTo} size="lg" data-start-link>
            {texts.start}
          </Button>
          <Button component={Link} to={paths.pricing} size="lg" variant="outline">
            {texts.seePricing}
          </Button>
        </Group>
      </Container>
    </section>
  );
}
