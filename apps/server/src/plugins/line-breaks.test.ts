import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-support/app';
import { signedInAdmin } from '../../test-support/auth';

const ctx = useTestApp();

const id = randomUUID();
const pkg = { name: 'باقة الأعمال', price: 100, messagesLimit: 50, features: ['إرسال'], icon: 'star', ctaText: 'اشترك الآن' };
const contact = {
  description: 'نبذة',
  email: 'help@sira.example',
  phone: '+966500000000',
  showContact: true,
  showEmail: true,
  showPhone: true,
  showSocial: true,
};
const social = { facebook: '', twitter: '', instagram: '', linkedin: 'https://linkedin.com/company/sira' };
const link = { title: 'من نحن', url: '/about', icon: 'link', order: 1, sectionId: id };
const template = { name: 'قالب', subject: 'طلب وظيفة', content: '<p>مرحباً</p>', packageIds: [] };
const company = { name: 'شركة', email: 'hr@company.example', sector: 'المالية', location: 'الرياض', packageId: null };
const gateway = { apiId: 'APP_ID_1', baseUrl: 'https://restpilot.paylink.sa', secretKey: 'secret', webhookSecret: 'hook' };
const gmail = {
  clientId: 'client.apps.googleusercontent.com',
  clientSecret: 'secret',
  scopes: ['scope'],
  redirectUris: ['https://sira.example/cb'],
  javascriptOrigins: [],
};

/** Every one-line text an administrator types, with the request that carries it. */
const fields: Array<{ method: 'POST' | 'PUT' | 'PATCH'; url: string; body: Record<string, unknown>; path: string }> = [
  ...['name', 'icon', 'ctaText'].map((path) => ({ method: 'POST' as const, url: '/api/admin/packages', body: pkg, path })),
  { method: 'PATCH', url: `/api/admin/packages/${id}`, body: { name: 'باقة' }, path: 'name' },
  { method: 'POST', url: '/api/admin/packages', body: pkg, path: 'features.0' },
  { method: 'PUT', url: `/api/admin/pages/${id}`, body: { title: 'من نحن', content: '<p>نص</p>' }, path: 'title' },
  ...['email', 'phone'].map((path) => ({ method: 'PUT' as const, url: '/api/admin/footer/contact', body: contact, path })),
  { method: 'PUT', url: '/api/admin/footer/social', body: social, path: 'linkedin' },
  { method: 'POST', url: '/api/admin/footer/sections', body: { title: 'روابط', order: 1 }, path: 'title' },
  { method: 'PUT', url: `/api/admin/footer/sections/${id}`, body: { title: 'روابط', order: 1 }, path: 'title' },
  ...['title', 'url', 'icon'].map((path) => ({ method: 'POST' as const, url: '/api/admin/footer/links', body: link, path })),
  { method: 'PUT', url: `/api/admin/footer/links/${id}`, body: link, path: 'title' },
  ...['name', 'subject'].map((path) => ({ method: 'POST' as const, url: '/api/admin/templates', body: template, path })),
  { method: 'PUT', url: `/api/admin/templates/${id}`, body: template, path: 'name' },
  ...['name', 'email', 'sector', 'location'].map((path) => ({ method: 'POST' as const, url: '/api/admin/companies', body: company, path })),
  { method: 'PUT', url: `/api/admin/companies/${id}`, body: company, path: 'name' },
  { method: 'PATCH', url: `/api/admin/users/${id}`, body: { packageName: 'مجاني', messagesRemaining: 5 }, path: 'packageName' },
  ...['apiId', 'baseUrl', 'secretKey', 'webhookSecret'].map((path) => ({
    method: 'PUT' as const,
    url: '/api/admin/billing/gateway',
    body: gateway,
    path,
  })),
  { method: 'POST', url: '/api/admin/billing/gateway/test', body: gateway, path: 'apiId' },
  ...['clientId', 'clientSecret', 'scopes.0', 'redirectUris.0'].map((path) => ({
    method: 'PUT' as const,
    url: '/api/admin/mailbox/settings',
    body: gmail,
    path,
  })),
  { method: 'POST', url: '/api/admin/mailbox/settings/test', body: gmail, path: 'clientId' },
];

/** The body with a line break in the middle of the value at `path` ('features.0'). */
function withBreak(body: Record<string, unknown>, path: string, lineBreak: string): Record<string, unknown> {
  const [key, index] = path.split('.') as [string, string | undefined];
  const value = body[key];
  const broken = (text: string) => `${text.slice(0, 2)}${lineBreak}${text.slice(2)}`;
  if (index === undefined) return { ...body, [key]: broken(String(value)) };
  const list = [...(value as string[])];
  list[Number(index)] = broken(list[Number(index)] as string);
  return { ...body, [key]: list };
}

describe('line breaks in one-line admin fields', () => {
  it('are refused with 400 LINE_BREAKS naming the field, on every admin form that saves one', async () => {
    const admin = await signedInAdmin(ctx);
    const answers = [];
    for (const [index, field] of fields.entries()) {
      const lineBreak = ['\r\n', '\n', '\r', '\u2028', '\u2029'][index % 5] as string;
      const res = await ctx.app.inject({
        method: field.method,
        url: field.url,
        headers: { cookie: admin.cookie },
        payload: withBreak(field.body, field.path, lineBreak),
      });
      answers.push({ request: `${field.method} ${field.url} ${field.path}`, status: res.statusCode, body: res.json() });
    }
    expect(answers.filter((a) => a.status !== 400 || a.body.code !== 'LINE_BREAKS')).toEqual([]);
    expect(answers[0]?.body).toEqual({ code: 'LINE_BREAKS', issues: [{ path: 'name', code: 'LINE_BREAKS' }] });
  });

  it('leave the fields written over several lines alone: a package description, the footer text, a template', async () => {
    const admin = await signedInAdmin(ctx);
    const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
      ctx.app.inject({ method, url, headers: { cookie: admin.cookie }, payload });
    const created = await send('POST', '/api/admin/packages', { ...pkg, name: 'باقة بوصف طويل', description: 'السطر الأول\nالسطر الثاني' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'باقة بوصف طويل', description: 'السطر الأول\nالسطر الثاني' });
    const footer = await send('PUT', '/api/admin/footer/contact', { ...contact, description: 'سطر\r\nسطر' });
    expect(footer.statusCode, footer.body).toBe(200);
    const saved = await send('POST', '/api/admin/templates', {
      ...template,
      content: '<p>مرحباً</p>\n<p>وداعاً</p>',
      packageIds: [created.json().id],
    });
    expect(saved.statusCode, saved.body).toBe(201);
  });
});
