import { ar, paths } from '@sira/shared';
import { redirect, useLoaderData, useNavigate, useRevalidator } from 'react-router';
import { checkResetToken } from '~/features/auth/api/auth-flows';
import { AuthCard } from '~/features/auth/components/auth-card';
import { ResetLinkLimited } from '~/features/auth/components/reset-link-limited';
import { ResetPasswordForm } from '~/features/auth/components/reset-password-form';
import { ApiRequestError } from '~/lib/api-client';
import type { Route } from './+types/reset-password';

const TITLE = 'تعيين كلمة مرور جديدة';

export const meta: Route.MetaFunction = () => [{ title: `${TITLE} | ${ar.app.name}` }, { name: 'robots', content: 'noindex' }];

/** /login saying the link is used, expired or unknown (its notice `resetLink`). */
const INVALID_LINK = `${paths.login}?resetLink=invalid`;

/** Reached from the e-mail link; without a valid, unused reset token it goes to /login (spec §2). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const token = params.get('token');
  if (!token) {
    // The e-mailed link passes through the server, which sends a used, expired or unknown one back here with
    // ?error=INVALID_TOKEN instead of a token: say so rather than land on a bare login page.
    throw redirect(params.get('error') ? INVALID_LINK : paths.login);
  }
  try {
    await checkResetToken(token);
  } catch (error) {
    // Too many links checked from this address lately: the link may well be good, so wait and try again here.
    if (error instanceof ApiRequestError && error.code === 'RATE_LIMITED') return { token, limited: true };
    throw redirect(INVALID_LINK);
  }
  return { token, limited: false };
}

export default function ResetPassword() {
  const { token, limited } = useLoaderData<typeof clientLoader>();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  if (limited) {
    return (
      <AuthCard title={TITLE}>
        <ResetLinkLimited retrying={revalidator.state === 'loading'} onRetry={() => void revalidator.revalidate()} />
      </AuthCard>
    );
  }
  return (
    <ResetPasswordForm
      token={token}
      // /login is loaded as a document (ADR 004): its notice, not a toast, says the password was updated.
      onDone={() => void navigate(`${paths.login}?reset=1`, { replace: true })}
    />
  );
}
