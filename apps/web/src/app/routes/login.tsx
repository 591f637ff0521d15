import { ar, paths } from '@sira/shared';
import { useNavigate, useSearchParams } from 'react-router';
import { queryClient } from '~/config/query-client';
import { signOut } from '~/features/auth/api/sign-out';
import { LoginForm, type LoginNotice } from '~/features/auth/components/login-form';
import { forgetRememberedPackage, hasRememberedPackage } from '~/lib/remembered-package';
import { safeReturnPath } from '~/lib/safe-return';
import { sessionQueryOptions } from '~/lib/session';
import type { Route } from './+types/login';

// Indexable like /register: a visitor searching for "سيرة تسجيل الدخول" should land here (and Lighthouse's SEO
// audit asks every public entry page for a description and no noindex).
export const meta: Route.MetaFunction = () => [
  { title: `تسجيل الدخول | ${ar.app.name}` },
  { name: 'description', content: 'سجّل الدخول إلى حسابك في سيرة لمتابعة إرسال سيرتك الذاتية ورصيد رسائلك.' },
];

/**
 * Opening /login signs out any current session (spec §2). When the check itself fails (the server or the
 * network is down) the form still shows — signing in will say what is wrong — and a session that may exist
 * is ended all the same, instead of the page turning into an error screen.
 */
export async function clientLoader() {
  const session = await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 }).catch(() => undefined);
  if (session === undefined || session.user) {
    await signOut().catch(() => undefined);
    queryClient.setQueryData(sessionQueryOptions().queryKey, { user: null });
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'content' && q.queryKey[0] !== 'auth' });
  }
  return null;
}

function noticeFrom(params: URLSearchParams): LoginNotice | undefined {
  if (params.get('registered')) return { kind: 'registered' };
  if (params.get('confirmed') && params.get('error')) return { kind: 'confirmationFailed' };
  if (params.get('confirmed')) return { kind: 'confirmed' };
  if (params.get('reset')) return { kind: 'passwordUpdated' };
  if (params.get('expired')) return { kind: 'sessionExpired' };
  return undefined;
}

export default function Login() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const from = safeReturnPath(params.get('from'), paths.dashboard);
  // Without a return address, a package chosen before registering (spec §4) leads back to /pricing to pay.
  // A sign-in that goes elsewhere drops the choice: it must not pop up later, for this or another person.
  const afterSignIn = () => {
    const next = params.get('from') || !hasRememberedPackage() ? from : paths.pricing;
    if (next !== paths.pricing) forgetRememberedPackage();
    return next;
  };
  return <LoginForm notice={noticeFrom(params)} onSignedIn={() => void navigate(afterSignIn(), { replace: true })} />;
}
