import { paths } from '@sira/shared';
import { loadFooter } from '~/app/public-content';
import { accountPageHandle, accountPageMeta, loadAsDocument } from '~/features/auth/account-page';
import { LoginForm } from '~/features/auth/components/login-form';
import type { Route } from './+types/login';

export const handle = accountPageHandle;

/** The footer as the server has it when it renders the page (ADR 004). */
export async function loader({ context }: Route.LoaderArgs) {
  return { footer: await loadFooter(context) };
}

export const clientLoader = loadAsDocument;

// Indexable like /register: a visitor searching for "سيرة تسجيل الدخول" should land here. Opening the page
// signs out any current session (spec §2): its script does that first.
export const meta: Route.MetaFunction = () =>
  accountPageMeta(paths.login, 'تسجيل الدخول', 'سجّل الدخول إلى حسابك في سيرة لمتابعة إرسال سيرتك الذاتية ورصيد رسائلك.');

export default function Login() {
  return <LoginForm />;
}
