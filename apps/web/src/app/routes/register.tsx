import { paths } from '@sira/shared';
import { loadFooter } from '~/app/public-content';
import { accountPageHandle, accountPageMeta, loadAsDocument } from '~/features/auth/account-page';
import { RegisterForm } from '~/features/auth/components/register-form';
import type { Route } from './+types/register';

export const handle = accountPageHandle;

/** The footer as the server has it when it renders the page (ADR 004). */
export async function loader({ context }: Route.LoaderArgs) {
  return { footer: await loadFooter(context) };
}

export const clientLoader = loadAsDocument;

export const meta: Route.MetaFunction = () =>
  accountPageMeta(paths.register, 'إنشاء حساب جديد', 'أنشئ حسابك في سيرة وابدأ إرسال سيرتك الذاتية إلى آلاف الشركات في السعودية.');

export default function Register() {
  return <RegisterForm />;
}
