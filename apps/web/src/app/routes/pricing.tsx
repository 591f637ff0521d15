import { Alert, Badge, Button, Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ar, FREE_PACKAGE, type PackageCard, paths, TRIAL_PACKAGE } from '@sira/shared';
import { currentPackageTexts } from '@sira/shared/messages/billing';
import type { UpgradeOptions } from '@sira/shared/schemas/billing';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { anonymousVisitor, loadFooter, loadPackages } from '~/app/public-content';
import { LoadError } from '~/components/ui/load-error';
import { ogImageMeta, SITE_URL } from '~/config/site';
import { confirmPayment } from '~/features/billing/api/confirm-payment';
import { billingKey } from '~/features/billing/api/get-billing';
import { upgradeOptionsQueryOptions } from '~/features/billing/api/get-upgrade-options';
import { usePackages } from '~/features/packages/api/get-packages';
import { PackageCardView } from '~/features/packages/components/package-card';
import { prerenderedPackageCards } from '~/features/packages/defaults';
import { profileQueryOptions } from '~/features/users/api/get-profile';
import { notify } from '~/lib/notify';
import { rememberPackage, takeRememberedPackage } from '~/lib/remembered-package';
import { loginHref } from '~/lib/safe-return';
import { useSession } from '~/lib/session';
import { useErrorToast } from '~/lib/use-error-toast';
import type { Route } from './+types/pricing';

const title = 'الباقات والأسعار | سيرة';
const description =
  'باقات سيرة بدفعة واحدة بالريال السعودي: ابدأ مجاناً بالباقة التجريبية أو اختر باقة لمراسلة مئات الشركات في السعودية من بريدك.';

export const meta: Route.MetaFunction = () => [
  { title },
  { name: 'description', content: description },
  { tagName: 'link', rel: 'canonical', href: `${SITE_URL}${paths.pricing}` },
  { property: 'og:title', content: title },
  { property: 'og:description', content: description },
  { property: 'og:type', content: 'website' },
  { property: 'og:url', content: `${SITE_URL}${paths.pricing}` },
  { property: 'og:locale', content: 'ar_SA' },
  { property: 'og:site_name', content: ar.app.name },
  ...ogImageMeta(paths.pricing, title),
];

/**
 * The server renders the page with the packages and footer as they are now (ADR 004); at build time the page
 * carries the default packages. A visitor without a session gets it without React (`staticPage`): choosing a
 * package then only leads to signing in or registering, which src/static-page does; signed in, the page
 * hydrates for the current package's rules and the payment dialog.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [packages, footer] = await Promise.all([loadPackages(context, prerenderedPackageCards), loadFooter(context)]);
  return { packages, footer, staticPage: anonymousVisitor(context) };
}

// Loaded when a package is chosen, not with the page.
const PaymentDialog = lazy(() => import('~/features/billing/components/payment-dialog').then((m) => ({ default: m.PaymentDialog })));

const texts = {
  heading: 'باقات تناسب كل باحث عن عمل',
  intro: 'ادفع مرة واحدة بالريال السعودي، دون اشتراك أو تجديد تلقائي.',
  customTitle: 'تحتاج حلاً مخصصاً؟',
  customBody: 'لشركات التوظيف والجامعات والجهات التي تحتاج إلى أعداد أكبر أو قوائم شركات خاصة، تواصل معنا لنصمم لك باقة تناسبك.',
  customCta: 'تواصل معنا',
  paymentCancelled: 'أُلغيت عملية الدفع ولم تُفعَّل الباقة. يمكنك اختيار باقة والمحاولة مرة أخرى متى شئت.',
};

/**
 * What the card of the package a signed-in user already has says (ADR 021), before any dialog: the free one
 * cannot be chosen again (spec §5); a paid one may be bought again once its messages are used up, while its
 * directory has companies left — the server decides which (`currentPackageRefusal`).
 */
function currentPackageCard(pkg: PackageCard, options: UpgradeOptions): { note: string; refused: boolean } {
  if (pkg.price === 0) return { note: ar.pricing.alreadyTrial, refused: false };
  switch (options.currentPackageRefusal) {
    case 'ALREADY_ON_PACKAGE':
      return { note: currentPackageTexts.balanceLeft(options.messagesRemaining), refused: true };
    case 'PACKAGE_COMPANIES_USED':
      return { note: currentPackageTexts.companiesUsed, refused: true };
    default:
      return { note: currentPackageTexts.renewable(options.messagesRemaining, pkg.messagesLimit), refused: false };
  }
}

/** Paylink sends a buyer who cancels on its page back here (cancelUrl) with the invoice's numbers appended. */
const CANCEL_PARAMS = ['transactionNo', 'TransactionNo', 'orderNumber', 'OrderNumber'];

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const packages = usePackages(loaderData.packages);
  useErrorToast(packages, ar.pricing.loadFailed);
  const session = useSession();
  const user = session.data?.user ?? null;
  const profile = useQuery({ ...profileQueryOptions(), enabled: user !== null });
  // The package the user has and whether it may be bought again (the same rule the server applies at pay time).
  const options = useQuery({ ...upgradeOptionsQueryOptions(), enabled: user !== null });
  const navigate = useNavigate();
  const [paying, setPaying] = useState<PackageCard | null>(null);
  // The build-time list has updatedAt 0; anything later came from the server.
  const live = packages.isSuccess && packages.dataUpdatedAt > 0;
  // Sent without React (a visitor without a session): nothing waits for a session or live prices.
  const staticPage = loaderData.staticPage;
  const list = packages.data ?? [];

  // Back from Paylink's page after cancelling: said once, and the numbers leave the address so a reload is quiet.
  // The server asks Paylink about the invoice at once, so the history says «cancelled» rather than «waiting».
  const [search, setSearch] = useSearchParams();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!CANCEL_PARAMS.some((name) => search.has(name))) return;
    notify.info(texts.paymentCancelled);
    const reference = CANCEL_PARAMS.map((name) => search.get(name)).find(Boolean);
    if (reference) {
      void confirmPayment(reference)
        .catch(() => undefined)
        .finally(() => queryClient.invalidateQueries({ queryKey: billingKey }));
    }
    const rest = new URLSearchParams(search);
    for (const name of CANCEL_PARAMS) rest.delete(name);
    setSearch(rest, { replace: true });
  }, [search, setSearch, queryClient]);

  const current = (pkg: PackageCard) =>
    options.data && pkg.id === options.data.currentPackageId ? currentPackageCard(pkg, options.data) : null;

  // A paid package chosen before signing in opens its payment dialog once the visitor is back, signed in —
  // unless it is the one they have and cannot buy again yet: then they are told why instead.
  useEffect(() => {
    if (!user || !live || options.isPending) return;
    const name = takeRememberedPackage();
    const pkg = name ? list.find((p) => p.name === name) : undefined;
    if (!pkg || pkg.price === 0) return;
    const mine = options.data && pkg.id === options.data.currentPackageId ? currentPackageCard(pkg, options.data) : null;
    if (mine?.refused) notify.info(mine.note);
    else setPaying(pkg);
  }, [user, live, list, options.isPending, options.data]);

  const choose = (pkg: PackageCard) => {
    // Not known yet whether the visitor is signed in: a signed-in user sent to /login would be signed out.
    if (session.isPending) return;
    if (pkg.price === 0) {
      if (!user) return void navigate(paths.register);
      if (!profile.data) return void notify.error(ar.errors.generic);
      // Spec §5: the free package cannot be chosen again, nor instead of a paid one.
      const onFreePackage = profile.data.packageName === TRIAL_PACKAGE || profile.data.packageName === FREE_PACKAGE;
      return notify.info(onFreePackage ? ar.pricing.alreadyTrial : ar.pricing.alreadyPaid);
    }
    if (!user) {
      rememberPackage(pkg.name);
      return void navigate(loginHref(paths.pricing));
    }
    // The build-time list may be out of date: a payment starts only from the server's prices (ADR 004).
    if (!live || options.isPending || current(pkg)?.refused) return;
    setPaying(pkg);
  };

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1} ta="center">
            {texts.heading}
          </Title>
          <Text ta="center" c="gray.8" mt="xs">
            {texts.intro}
          </Text>
        </div>
        {packages.isError ? (
          <LoadError title={ar.pricing.loadFailed} query={packages} />
        ) : list.length === 0 ? (
          <Alert color="yellow" role="status" title={ar.pricing.empty}>
            <Button mt="sm" variant="default" onClick={() => packages.refetch()}>
              {ar.errors.retry}
            </Button>
          </Alert>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: Math.min(list.length, 3) }} aria-busy={!live && !staticPage}>
            {list.map((pkg) => {
              const mine = live ? current(pkg) : null;
              return (
                <PackageCardView
                  key={pkg.name}
                  pkg={pkg}
                  onChoose={() => choose(pkg)}
                  badge={mine ? <Badge color="gray.8">{currentPackageTexts.badge}</Badge> : undefined}
                  note={mine?.note}
                  action={mine && pkg.price > 0 ? (mine.refused ? currentPackageTexts.badge : currentPackageTexts.buyAgain) : undefined}
                  chooseData={{ 'data-package-name': pkg.name, 'data-package-price': String(pkg.price) }}
                  disabled={
                    !staticPage &&
                    (session.isPending ||
                      (user !== null && ((pkg.price === 0 && profile.isPending) || (pkg.price > 0 && (!live || options.isPending)))) ||
                      !!mine?.refused)
                  }
                />
              );
            })}
          </SimpleGrid>
        )}
        <Card withBorder radius="lg" padding="xl" component="section" aria-labelledby="custom-title">
          <Title id="custom-title" order={2} fz="xl">
            {texts.customTitle}
          </Title>
          <Text c="gray.8" mt="xs">
            {texts.customBody}
          </Text>
          <Button component={Link} to={paths.support} mt="md" variant="outline">
            {texts.customCta}
          </Button>
        </Card>
      </Stack>
      {paying ? (
        <Suspense fallback={null}>
          <PaymentDialog pkg={paying} onClose={() => setPaying(null)} />
        </Suspense>
      ) : null}
    </Container>
  );
}
