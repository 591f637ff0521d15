import { ar, paths } from '@sira/shared';
import { loadFooter } from '~/app/public-content';
import { ogImageMeta, SITE_URL } from '~/config/site';
import { LandingHero } from '~/features/content/components/landing-hero';
import {
  LandingClosingCta,
  LandingHowItWorks,
  LandingReasons,
  LandingStats,
  LandingTestimonials,
} from '~/features/content/components/landing-sections';
import { useSession } from '~/lib/session';
import type { Route } from './+types/home';

const title = 'سيرة | أرسل سيرتك الذاتية إلى أكثر من 3000 شركة في السعودية';
const description =
  'ارفع سيرتك الذاتية واختر قالب رسالتك، وترسلها سيرة من بريدك في Gmail إلى آلاف الشركات في الرياض وجدة والدمام بوتيرة آمنة. باقات بدفعة واحدة.';

/** Prerendered without React; src/static-page adds the live parts (ADR 004). */
export const handle = { staticPage: true };

/** The footer as the server has it when it renders the page (ADR 004). */
export async function loader({ context }: Route.LoaderArgs) {
  return { footer: await loadFooter(context) };
}

export const meta: Route.MetaFunction = () => [
  { title },
  { name: 'description', content: description },
  { tagName: 'link', rel: 'canonical', href: `${SITE_URL}/` },
  { property: 'og:title', content: title },
  { property: 'og:description', content: description },
  { property: 'og:type', content: 'website' },
  { property: 'og:url', content: `${SITE_URL}/` },
  { property: 'og:locale', content: 'ar_SA' },
  { property: 'og:site_name', content: ar.app.name },
  ...ogImageMeta('/', title),
];

export default function Home() {
  const { data } = useSession();
  const startTo = data?.user ? paths.dashboard : paths.register;
  return (
    <>
      <LandingHero startTo={startTo} />
      <LandingStats />
      <LandingReasons />
      <LandingHowItWorks />
      <LandingTestimonials />
      <LandingClosingCta startTo={startTo} />
    </>
  );
}
