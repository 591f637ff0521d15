import { ar } from '@sira/shared';
import { optOutPageText } from '@sira/shared/messages/opt-out';
import { OptOutPage } from '~/features/companies/components/opt-out-page';
import type { Route } from './+types/opt-out';

export const meta: Route.MetaFunction = () => [
  { title: `${optOutPageText.title} | ${ar.app.name}` },
  { name: 'robots', content: 'noindex' },
  // The token is a credential: it must not leave in a Referer to another site.
  { name: 'referrer', content: 'no-referrer' },
];

/** /opt-out/:token — reached from the link at the foot of an application e-mail (ADR 013). */
export default function OptOutRoute({ params }: Route.ComponentProps) {
  return <OptOutPage token={params.token} />;
}
