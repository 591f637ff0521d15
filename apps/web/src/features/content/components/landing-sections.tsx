import { Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { paths } from '@sira/shared';
import { Link } from 'react-router';
import { CountUp } from './count-up';

const stats = [
  { value: 200, label: 'مستخدم نشط' },
  { value: 1000, label: 'سيرة ذاتية أُرسلت' },
  { value: 5000, label: 'شركة في دليلنا' },
];

const reasons = [
  {
    title: 'من بريدك أنت',
    body: 'تصل رسائلك من حسابك في Gmail فتظهر في صندوق الوارد لدى الشركات كرسالة شخصية، وتجد الردود في بريدك مباشرة.',
  },
  { title: 'أكثر من 3000 شركة', body: 'دليل محدّث لشركات المملكة في الرياض وجدة والدمام وغيرها، موزّعة على القطاعات الأكثر توظيفاً.' },
  { title: 'إرسال آمن لحسابك', body: 'نرسل بوتيرة مدروسة تراعي حدود Gmail اليومية حتى لا يتعرض بريدك للإيقاف أو يُصنَّف كرسائل مزعجة.' },
  {
    title: 'رسالة تحمل اسم الشركة',
    body: 'قوالب عربية احترافية يُدرج فيها اسم كل شركة وقطاعها ومدينتها تلقائياً، فتبدو كل رسالة مكتوبة لها وحدها.',
  },
  { title: 'دفعة واحدة بلا اشتراك', body: 'اختر باقتك وادفع مرة واحدة عبر مدى أو Apple Pay أو البطاقات الائتمانية، دون تجديد تلقائي.' },
  { title: 'تتابع كل شيء', body: 'لوحة تحكم تعرض الرسائل المرسلة والمتبقية والفاشلة لحظة بلحظة، مع سجل كامل لكل حملة.' },
];

const testimonials = [
  {
    name: 'عبدالله الحربي',
    role: 'محاسب، الرياض',
    quote: 'أرسلت سيرتي إلى أكثر من 300 شركة في يومين، وتلقيت ثلاث دعوات لمقابلات خلال الأسبوع الأول.',
  },
  {
    name: 'نورة القحطاني',
    role: 'أخصائية موارد بشرية، جدة',
    quote: 'أعجبني أن الرسائل خرجت من بريدي الشخصي وباسمي، فكانت الردود تصلني مباشرة دون وسيط.',
  },
  {
    name: 'فيصل الزهراني',
    role: 'مهندس برمجيات، الدمام',
    quote: 'وفّرت علي أسابيع من البحث عن عناوين الشركات. القوالب احترافية والإرسال منظّم وآمن.',
  },
];

const steps = [
  { title: 'سجّل واختر باقتك', body: 'أنشئ حسابك مجاناً بالباقة التجريبية، ثم اختر الباقة التي تناسب عدد الشركات التي تريد مراسلتها.' },
  { title: 'ارفع سيرتك واختر القالب', body: 'اربط بريدك في Gmail، ارفع سيرتك بصيغة PDF، واختر قالب الرسالة أو عدّله كما تريد.' },
  { title: 'استقبل النتائج', body: 'نرسل سيرتك إلى الشركات بوتيرة آمنة، وتتابع التقدم من لوحتك بينما تصلك الردود على بريدك.' },
];

function Stars() {
  return (
    // Orange 8 keeps the stars at 3.5:1 on white (WCAG 1.4.11 asks 3:1 of a graphic); yellow 9 was 2.99:1.
    <Text c="orange.8" fz="lg" aria-label="تقييم 5 من 5" role="img">
      ★★★★★
    </Text>
  );
}

export function LandingStats() {
  return (
    <Container size="lg" py="xl" component="section" aria-label="أرقام سيرة">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {stats.map((s) => (
          <Card key={s.label} withBorder radius="md" padding="lg" ta="center">
            <Text fz={36} fw={700} c="teal.9">
              <CountUp to={s.value} />
            </Text>
            <Text c="gray.8">{s.label}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}

export function LandingReasons() {
  return (
    <Container size="lg" py="xl" component="section" aria-labelledby="reasons-title">
      <Title id="reasons-title" order={2} ta="center" mb="xl">
        لماذا يختار الباحثون عن عمل سيرة؟
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {reasons.map((r) => (
          <Card key={r.title} withBorder radius="md" padding="lg">
            <Title order={3} fz="lg" mb="xs">
              {r.title}
            </Title>
            <Text c="gray.8">{r.body}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}

export function LandingHowItWorks() {
  return (
    <Container size="lg" py="xl" component="section" aria-labelledby="how-title">
      <Title id="how-title" order={2} ta="center" mb="xl">
        كيف تعمل سيرة؟ ثلاث خطوات فقط
      </Title>
      <SimpleGrid cols={{ base: 1, md: 3 }} component="ol" style={{ listStyle: 'none', padding: 0 }}>
        {steps.map((step, i) => (
          <Card key={step.title} component="li" withBorder radius="md" padding="lg">
            <ThemeIcon size={40} radius="xl" color="teal.9" aria-hidden="true">
              <Text fw={700} c="white">
                {i + 1}
              </Text>
            </ThemeIcon>
            <Title order={3} fz="lg" mt="md" mb="xs">
              {step.title}
            </Title>
            <Text c="gray.8">{step.body}</Text>
          </Card>
        ))}
      </SimpleGrid>
      <Text ta="center" mt="xl" fz="lg" fw={700} c="teal.9">
        معظم عملائنا يتلقون ردوداً من الشركات خلال 48 ساعة من بدء الإرسال.
      </Text>
    </Container>
  );
}

export function LandingTestimonials() {
  return (
    <Container size="lg" py="xl" component="section" aria-labelledby="testimonials-title">
      <Title id="testimonials-title" order={2} ta="center" mb="xl">
        ماذا يقول عملاؤنا
      </Title>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {testimonials.map((t) => (
          <Card key={t.name} withBorder radius="md" padding="lg" component="figure" m={0}>
            <Stars />
            <Text component="blockquote" m={0} mt="xs" c="gray.9">
              «{t.quote}»
            </Text>
            <Text component="figcaption" mt="md" fw={700}>
              {t.name}
              <Text span c="gray.8" fw={400}>
                {' '}
                — {t.role}
              </Text>
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}

export function LandingClosingCta({ startTo }: { startTo: string }) {
  return (
    <Container size="lg" py="xl" component="section" aria-labelledby="cta-title">
      <Card radius="lg" padding="xl" bg="teal.9" c="white" ta="center">
        <Stack align="center">
          <Title id="cta-title" order={2} c="white">
            جاهز لتصل سيرتك إلى الشركات المناسبة؟
          </Title>
          <Text c="white">ابدأ اليوم بالباقة التجريبية مجاناً، ورقِّ باقتك متى احتجت إلى مراسلة شركات أكثر.</Text>
          <Group>
            <Button component={Link} to={startTo} size="lg" variant="white" color="teal.9" data-start-link>
              ابدأ الآن
            </Button>
            <Button component={Link} to={paths.pricing} size="lg" variant="outline" color="white">
              الباقات والأسعار
            </Button>
          </Group>
        </Stack>
      </Card>
    </Container>
  );
}
