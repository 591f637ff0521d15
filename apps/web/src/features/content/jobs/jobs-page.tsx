import { Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { countOf, NOUNS, paths } from '@sira/shared';
import { Link } from 'react-router';
import { useFooter } from '../api/get-footer';
import { type JobsCity, type JobsCitySlug, jobsCities, totalCompanies } from './jobs-content';

const texts = {
  register: 'سجّل الآن',
  seePricing: 'شاهد الباقات',
  sectorsTitle: (city: string) => `قطاعات الشركات في ${city}`,
  sectorsIntro: (count: number, sectors: number) =>
    `في دليل سيرة ${countOf(count, NOUNS.company)} في ${countOf(sectors, NOUNS.sector, 'genitive')} رئيسية:`,
  inDirectory: 'في دليل سيرة',
  faqTitle: 'أسئلة شائعة',
  contactTitle: 'هل لديك سؤال قبل أن تبدأ؟',
  contactBody: 'فريق الدعم يجيبك عن الباقات وطريقة الإرسال وربط بريدك.',
  contact: 'تواصل معنا',
  call: 'اتصل بنا:',
};

function Hero({ city }: { city: JobsCity }) {
  return (
    <section aria-labelledby="jobs-title" style={{ background: 'linear-gradient(180deg, var(--mantine-color-teal-0), transparent)' }}>
      <Container size="lg" py={64}>
        <Title id="jobs-title" order={1} fz={{ base: 28, sm: 40 }} maw={760} lh={1.3}>
          {city.heading}
        </Title>
        <Text fz="lg" c="gray.8" mt="md" maw={680}>
          {city.intro}
        </Text>
        <Group mt="xl">
          <Button component={Link} to={paths.register} size="lg">
            {texts.register}
          </Button>
          <Button component={Link} to={paths.pricing} size="lg" variant="outline">
            {texts.seePricing}
          </Button>
        </Group>
      </Container>
    </section>
  );
}

function Sectors({ city }: { city: JobsCity }) {
  return (
    <section aria-labelledby="jobs-sectors">
      <Container size="lg" py="xl">
        <Title id="jobs-sectors" order={2}>
          {texts.sectorsTitle(city.name)}
        </Title>
        <Text c="gray.8" mt="xs">
          {texts.sectorsIntro(totalCompanies(city), city.sectors.length)}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="lg">
          {city.sectors.map((sector) => (
            <Card key={sector.name} component="article" withBorder padding="lg">
              <Title order={3} fz="lg">
                {sector.name}
              </Title>
              <Text c="teal.9" fw={700} fz="xl" mt="xs">
                {countOf(sector.companies, NOUNS.company)}{' '}
                <Text span c="gray.8" fw={400} fz="sm">
                  {texts.inDirectory}
                </Text>
              </Text>
              <Text c="gray.8" fz="sm" mt="xs">
                {sector.description}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}

function Faq({ city }: { city: JobsCity }) {
  return (
    <section aria-labelledby="jobs-faq">
      <Container size="lg" py="xl">
        <Title id="jobs-faq" order={2}>
          {texts.faqTitle}
        </Title>
        <Stack gap="lg" mt="lg" maw={760}>
          {city.faq.map((item) => (
            <div key={item.question}>
              <Title order={3} fz="lg">
                {item.question}
              </Title>
              <Text c="gray.8" mt={4}>
                {item.answer}
              </Text>
            </div>
          ))}
        </Stack>
      </Container>
    </section>
  );
}

/**
 * Spec §2: contact (/support) and a phone link. The number is the one the administrator entered in the
 * footer tab (ADR 026: no page holds a number of its own); with none entered there is no phone link. The
 * prerendered page carries the link hidden and empty, and its script fills it in from the same footer data
 * (static-page.ts, `data-contact-phone`).
 */
function Contact() {
  const phone = useFooter().data?.contact.phone;
  return (
    <section aria-labelledby="jobs-contact">
      <Container size="lg" py="xl" mb="xl">
        <Card withBorder padding="xl" bg="teal.0">
          <Title id="jobs-contact" order={2} fz="xl">
            {texts.contactTitle}
          </Title>
          <Text c="gray.8" mt="xs">
            {texts.contactBody}
          </Text>
          <Group mt="md" gap="md">
            <Button component={Link} to={paths.support} variant="outline">
              {texts.contact}
            </Button>
            {/* `display: none` rather than `hidden`: the button's own CSS display would override the attribute. */}
            <Button
              component="a"
              href={phone ? `tel:${phone}` : undefined}
              style={phone ? undefined : { display: 'none' }}
              variant="subtle"
              data-contact-phone=""
            >
              {texts.call}&nbsp;<span dir="ltr">{phone ?? ''}</span>
            </Button>
          </Group>
        </Card>
      </Container>
    </section>
  );
}

/** A city landing page for search engines (spec §2): what Sira covers there, and the ways to start or ask. */
export function JobsPage({ city: slug }: { city: JobsCitySlug }) {
  const city = jobsCities[slug];
  return (
    <>
      <Hero city={city} />
      <Sectors city={city} />
      <Faq city={city} />
      <Contact />
    </>
  );
}
