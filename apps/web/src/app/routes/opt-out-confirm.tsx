import { ar } from '@sira/shared';
import { optOutConfirmText } from '@sira/shared/messages/opt-out';
import { OptOutConfirmPage } from '~/features/companies/components/opt-out-confirm-page';
import type { Route } from './+types/opt-out-confirm';

export const meta: Route.MetaFunction = () => [
  { title: `${optOutConfirmText.title} | ${ar.app.name}` },
  { name: 'robots', content: 'noindex' },
  // The token is a credential: it must not leave in a Referer to another site.
  { name: 'referrer', content: 'no-referrer' },
];

/** /opt-out/confirm/:token — reached from the confirmation mailed to a company's address (ADR 018). */
export default function OptOutConfirmRoute({ params }: Route.ComponentProps) {
  return <OptOutConfirmPage token={params.token} />;
}
