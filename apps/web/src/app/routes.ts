import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';
import { CONTENT_PAGE_SLUGS } from '@sira/shared';

// The route table of spec §2. Route modules are thin: they compose features.
export default [
  layout('layouts/site-layout.tsx', [
    index('routes/home.tsx'),
    route('pricing', 'routes/pricing.tsx'),
    ...CONTENT_PAGE_SLUGS.map((slug) => route(slug, 'routes/content-page.tsx', { id: `content-${slug}` })),
    route('jobs/riyadh', 'routes/jobs-riyadh.tsx'),
    route('jobs/jeddah', 'routes/jobs-jeddah.tsx'),
    route('login', 'routes/login.tsx'),
    route('register', 'routes/register.tsx'),
    route('reset-password', 'routes/reset-password.tsx'),
    route('opt-out/:token', 'routes/opt-out.tsx'),
    route('opt-out/confirm/:token', 'routes/opt-out-confirm.tsx'),
    route('email-change-undo/:token', 'routes/email-change-undo.tsx'),
    layout('layouts/protected-layout.tsx', [
      route('dashboard', 'routes/dashboard.tsx'),
      route('billing', 'routes/billing.tsx'),
      route('my-data', 'routes/my-data.tsx'),
      route('upgrade', 'routes/upgrade.tsx'),
      route('payment-callback', 'routes/payment-callback.tsx'),
      route('send-resume', 'routes/send-resume.tsx'),
      route('my-companies', 'routes/my-companies.tsx'),
      route('apply', 'routes/apply.tsx'),
      route('admin', 'layouts/admin-layout.tsx', [
        index('routes/admin-home.tsx'),
        route('users', 'routes/admin-users.tsx'),
        route('packages', 'routes/admin-packages.tsx'),
        route('templates', 'routes/admin-templates.tsx'),
        route('companies', 'routes/admin-companies.tsx'),
        route('payment', 'routes/admin-payment.tsx'),
        route('payment_gateway', 'routes/admin-payment-gateway.tsx'),
        route('pages', 'routes/admin-pages.tsx'),
        route('footer', 'routes/admin-footer.tsx'),
        route('email_settings', 'routes/admin-email-settings.tsx'),
        route('gmail', 'routes/admin-gmail.tsx'),
        route('email_logs', 'routes/admin-email-logs.tsx'),
        route('audit', 'routes/admin-audit.tsx'),
      ]),
    ]),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
