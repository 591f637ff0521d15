import { ar, paths } from '@sira/shared';
import { useNavigate } from 'react-router';
import { RegisterForm } from '~/features/auth/components/register-form';
import type { Route } from './+types/register';

export const meta: Route.MetaFunction = () => [
  { title: `إنشاء حساب جديد | ${ar.app.name}` },
  { name: 'description', content: 'أنشئ حسابك في سيرة وابدأ إرسال سيرتك الذاتية إلى آلاف الشركات في السعودية.' },
];

export default function Register() {
  const navigate = useNavigate();
  return <RegisterForm onRegistered={() => void navigate(`${paths.login}?registered=1`)} />;
}
