import { ar, paths } from '@sira/shared';
import { redirect, useLoaderData, useNavigate } from 'react-router';
import { checkResetToken } from '~/features/auth/api/auth-flows';
import { ResetPasswordForm } from '~/features/auth/components/reset-password-form';
import { notify } from '~/lib/notify';
import type { Route } from './+types/reset-password';

export const meta: Route.MetaFunction = () => [{ title: `تعيين كلمة مرور جديدة | ${ar.app.name}` }, { name: 'robots', content: 'noindex' }];

/** Reached from the e-mail link; without a valid, unused reset token it goes to /login (spec §2). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const token = params.get('token');
  if (!token) {
    // The e-mailed link passes through the server, which sends a used, expired or unknown one back here with
    // ?error=INVALID_TOKEN instead of a token: say so rather than land on a bare login page.
    if (params.get('error')) notify.error(ar.auth.invalidResetLink);
    throw redirect(paths.login);
  }
  try {
    await checkResetToken(token);
  } catch {
    notify.error(ar.auth.invalidResetLink);
    throw redirect(paths.login);
  }
  return { token };
}

export default function ResetPassword() {
  const { token } = useLoaderData<typeof clientLoader>();
  const navigate = useNavigate();
  return (
    <ResetPasswordForm
      token={token}
      onDone={() => {
        notify.success(ar.auth.passwordUpdated);
        void navigate(`${paths.login}?reset=1`, { replace: true });
      }}
    />
  );
}
