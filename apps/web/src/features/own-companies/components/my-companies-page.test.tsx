import { contract } from '@sira/shared/contract';
import { companiesImportResultSchema } from '@sira/shared/schemas/companies-admin';
import {
  type OwnCompaniesSummary,
  type OwnCompany,
  ownCompaniesPageSchema,
  ownCompaniesSuggestedSchema,
  ownCompaniesSummarySchema,
  ownUploadListSchema,
} from '@sira/shared/schemas/own-companies';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, on, stubApi } from '~test/api';
import { findToast, renderInApp } from '~test/render';
import { stubUpload } from '~test/upload';
import { MyCompaniesPage } from './my-companies-page';

const summary = (over: Partial<OwnCompaniesSummary> = {}) =>
  ok(ownCompaniesSummarySchema, {
    allowed: true,
    packagesWithFeature: [{ id: '5f0c8a1e-2b3d-4c5e-8f6a-7b8c9d0e1f2a', name: 'باقة التميز', price: 199 }],
    total: 2,
    reachable: 1,
    maxRows: 5000,
    maxBytes: { xlsx: 2 * 1024 * 1024, xls: 5 * 1024 * 1024 },
    ...over,
  });

const company = (over: Partial<OwnCompany>): OwnCompany => ({
  id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
  name: 'شركة الأفق',
  email: 'hr@ufuq.example',
  sector: 'تقنية المعلومات',
  city: 'الرياض',
  contactName: null,
  hardFailures: 0,
  suggestion: null,
  contacted: false,
  createdAt: '2026-11-20T09:00:00.000Z',
  ...over,
});

const page = (items: OwnCompany[]) =>
  ok(ownCompaniesPageSchema, {
    items,
    pageSize: 50,
    total: items.length,
    totalIsEstimate: false,
    from: items.length ? 1 : 0,
    fromIsEstimate: false,
    cursors: { previous: null, next: null, last: null, current: null },
  });

const rows = [
  company({}),
  company({
    id: '2b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
    name: 'مصنع جدة',
    email: 'jobs@jeddah.example',
    contacted: true,
    suggestion: 'pending',
    contactName: 'أ. خالد',
  }),
];

describe('my companies page', () => {
  it('with the feature: the figures, the upload with its result, the list and the uploads', async () => {
    stubApi({
      [on(contract.ownCompanies.summary)]: summary(),
      [on(contract.ownCompanies.list)]: page(rows),
      [on(contract.ownCompanies.uploads)]: ok(ownUploadListSchema, [
        {
          id: '3c2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
          filename: 'شركاتي.xlsx',
          createdAt: '2026-11-20T09:00:00.000Z',
          added: 2,
          skipped: 1,
        },
      ]),
    });
    stubUpload({
      lines: [
        { progress: { done: 1, total: 1 } },
        {
          result: companiesImportResultSchema.parse({
            fileId: '9a8b7c6d-5e4f-4a3b-8c1d-0e9f8a7b6c5d',
            rows: 3,
            added: 1,
            skipped: 1,
            duplicates: 1,
            duplicateRows: [{ row: 3, email: 'hr@ufuq.example' }],
            skippedRows: [{ row: 4, reason: 'EMAIL_MISSING' }],
            formulaCells: [],
            formulas: 0,
          }),
        },
      ],
    });
    const app = renderInApp(<MyCompaniesPage />, { path: '/my-companies' });
    expect((await screen.findByTestId('own-total')).textContent).toContain('2');
    expect(screen.getByRole('link', { name: 'أرسل سيرتك إلى شركات قائمتك' }).getAttribute('href')).toBe('/send-resume');
    const upload = within(screen.getByRole('region', { name: 'رفع ملف Excel' }));
    expect(upload.getByText(/حتى 5,000 شركة في قائمتك. حجم الملف: حتى 2 ميغابايت لملف/)).toBeTruthy();

    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await app.user.upload(input, new File(['PK'], 'list.xlsx'));
    await app.user.click(upload.getByRole('button', { name: 'رفع الملف' }));
    await findToast('أضيفت إلى قائمتك شركة واحدة، وتم تخطي صف واحد غير صالح، وصف واحد ببريد موجود أو مكرر');
    const result = within(await upload.findByRole('status'));
    expect(result.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'الصف 3: hr@ufuq.example — موجود في قائمتك',
      'الصف 4: لا يوجد بريد إلكتروني',
    ]);

    const table = within(screen.getByRole('table', { name: 'قائمة شركاتي' }));
    expect(table.getByText('أ. خالد')).toBeTruthy();
    expect(table.getByText('راسلتها')).toBeTruthy();
    expect(table.getByText('مقترحة للدليل')).toBeTruthy();
    // A row already suggested cannot be chosen again.
    expect((table.getByRole('checkbox', { name: 'اختيار مصنع جدة لاقتراحها للدليل' }) as HTMLInputElement).disabled).toBe(true);
    expect(await screen.findByText('شركاتي.xlsx')).toBeTruthy();
  });

  it('suggests the chosen rows for the directory', async () => {
    const sent = stubApi({
      [on(contract.ownCompanies.summary)]: summary(),
      [on(contract.ownCompanies.list)]: page(rows),
      [on(contract.ownCompanies.uploads)]: ok(ownUploadListSchema, []),
      [on(contract.ownCompanies.suggest)]: ok(ownCompaniesSuggestedSchema, { suggested: 1 }),
    });
    const app = renderInApp(<MyCompaniesPage />, { path: '/my-companies' });
    const button = await screen.findByRole('button', { name: 'اقتراح المحدد للدليل' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await app.user.click(await screen.findByRole('checkbox', { name: 'اختيار شركة الأفق لاقتراحها للدليل' }));
    await app.user.click(screen.getByRole('button', { name: 'اقتراح شركة واحدة للدليل' }));
    await findToast('أُرسل اقتراح شركة واحدة إلى المشرف للمراجعة');
    expect(sent.requests.find((r) => r.method === 'POST')?.body).toEqual({ ids: [rows[0]?.id] });
  });

  it('without the feature: what it is, the packages that include it, no upload, and the rows still deletable', async () => {
    stubApi({
      [on(contract.ownCompanies.summary)]: summary({ allowed: false, total: 1, reachable: 1 }),
      [on(contract.ownCompanies.list)]: page([rows[0] as OwnCompany]),
    });
    renderInApp(<MyCompaniesPage />, { path: '/my-companies' });
    const locked = within(await screen.findByTestId('own-locked'));
    expect(locked.getByText('باقة التميز — 199 ريال')).toBeTruthy();
    expect(locked.getByRole('link', { name: 'ترقية الباقة' }).getAttribute('href')).toBe('/upgrade');
    expect(document.querySelector('input[type="file"]')).toBeNull();
    expect(screen.queryByRole('button', { name: 'إضافة شركة' })).toBeNull();
    const table = within(await screen.findByRole('table', { name: 'قائمة شركاتي' }));
    expect(table.getByRole('button', { name: 'حذف شركة الأفق' })).toBeTruthy();
    expect(table.queryByRole('button', { name: 'تعديل شركة الأفق' })).toBeNull();
  });
});
