import { ar, type Footer, type Page } from '@sira/shared';
import { defaultPages } from '@sira/shared/defaults/pages';
import { useLocation } from 'react-router';
import { loadFooter, loadPage } from '~/app/public-content';
import { ogImageMeta, SITE_URL } from '~/config/site';
import { ContentPageView } from '~/features/content/components/content-page-view';
import type { Route } from './+types/content-page';

const descriptions: Record<string, string> = {
  about: 'تعرّف على سيرة: منصة سعودية تساعد الباحثين عن عمل على إرسال سيرهم الذاتية إلى آلاف الشركات من بريدهم الشخصي.',
  support: 'تواصل مع فريق دعم سيرة: البريد الإلكتروني والهاتف وساعات العمل وإجابات الأسئلة الشائعة.',
  privacy: 'سياسة الخصوصية في سيرة: البيانات التي نجمعها، وكيف نستخدم صلاحية الإرسال من Gmail، وحقوقك وفق نظام حماية البيانات الشخصية.',
  terms: 'الشروط والأحكام لاستخدام منصة سيرة: الباقات بدفعة واحدة، وحدود الإرسال، والاستخدام المقبول، والمسؤوليات.',
  'how-to-prepare-cv': 'دليل عملي لكتابة سيرة ذاتية احترافية تناسب سوق العمل السعودي وأنظمة تتبع المتقدمين، مع أخطاء شائعة وكيفية تجنبها.',
};

const slugOf = (pathname: string) => pathname.replace(/^\/+|\/+$/g, '');

/** The page as it was built into the app: the installation's default text. */
function defaultPage(slug: string): Page | undefined {
  const found = defaultPages.find((p) => p.slug === slug);
  return found
    ? { id: '00000000-0000-4000-8000-000000000000', slug, title: found.title, content: found.content, updatedAt: new Date(0).toISOString() }
    : undefined;
}

/**
 * Text to read: served as plain HTML without React, like the landing page (ADR 004); src/static-page makes the
 * header, the footer and the CV guide's share button live. Reached by a link inside the app, React renders it.
 */
export const handle = { staticPage: true };

/** The server renders the page with its text and the footer as they are now (ADR 004); the build, with the defaults. */
export async function loader({ request, context }: Route.LoaderArgs): Promise<{ page: Page | undefined; footer: Footer | null }> {
  const slug = slugOf(new URL(request.url).pathname);
  const [page, footer] = await Promise.all([loadPage(context, slug, () => defaultPage(slug)), loadFooter(context)]);
  return { page, footer };
}

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  const slug = slugOf(location.pathname);
  const title = `${loaderData?.page?.title ?? ar.app.name} | ${ar.app.name}`;
  const description = descriptions[slug] ?? ar.app.tagline;
  const url = `${SITE_URL}/${slug}`;
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'article' },
    { property: 'og:url', content: url },
    { property: 'og:locale', content: 'ar_SA' },
    { property: 'og:site_name', content: ar.app.name },
    ...ogImageMeta(`/${slug}`, title),
  ];
};

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const slug = slugOf(useLocation().pathname);
  return <ContentPageView key={slug} slug={slug} prerendered={loaderData.page} />;
}
