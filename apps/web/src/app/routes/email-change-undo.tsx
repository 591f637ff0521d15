import { ar } from '@sira/shared';
import { emailChangeUndoText } from '@sira/shared/messages/email-change-undo';
import { EmailChangeUndoPage } from '~/features/users/components/email-change-undo-page';
import type { Route } from './+types/email-change-undo';

export const meta: Route.MetaFunction = () => [
  { title: `${emailChangeUndoText.title} | ${ar.app.name}` },
  { name: 'robots', content: 'noindex' },
  // The token is a credential: it must not leave in a Referer to another site.
  { name: 'referrer', content: 'no-referrer' },
];

/** /email-change-undo/:token — reached from the notice mailed to the old address after an e-mail change (ADR 012). */
export default function EmailChangeUndoRoute({ params }: Route.ComponentProps) {
  return <EmailChangeUndoPage token={params.token} />;
}
