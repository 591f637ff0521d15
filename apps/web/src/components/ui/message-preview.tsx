import { Button, Card, Stack, Text } from '@mantine/core';
import { keepPlainLines } from '@sira/shared';
import type { Applicant } from '@sira/shared/schemas/users';
import { useState } from 'react';

const texts = {
  show: 'معاينة الرسالة',
  hide: 'إخفاء المعاينة',
  subject: 'الموضوع:',
  frame: 'معاينة محتوى الرسالة',
  note: 'هكذا تبدو الرسالة لشركة نموذجية؛ تُستبدل البيانات ببيانات كل شركة عند الإرسال، ويظهر اسمك ورقم جوالك كما حفظتهما.',
  sampleNote: 'هكذا تبدو الرسالة لشركة نموذجية ومتقدم نموذجي؛ تُستبدل البيانات ببيانات كل شركة وكل متقدم عند الإرسال.',
};

/** What the preview puts where each company's own values will go. */
const SAMPLE: Record<string, string> = { company_name: 'شركة المثال', sector: 'التقنية', location: 'الرياض' };
/** The applicant the admin's template preview shows. */
const SAMPLE_APPLICANT: Applicant = { fullName: 'سارة أحمد', fullNameEn: 'Sara Ahmed', phone: '0500000000' };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The placeholders filled as the e-mail fills them: the sample company, and the applicant's own details.
 * `known`: the values already decided for every recipient (a job ad's company and job title) in place of the sample.
 */
export function fillPreview(text: string, applicant?: Applicant | null, html = true, known: Record<string, string> = {}): string {
  const values: Record<string, string> = {
    ...SAMPLE,
    applicant_name: applicant?.fullName ?? '',
    applicant_name_en: applicant?.fullNameEn ?? '',
    applicant_phone: applicant?.phone ?? '',
    ...known,
  };
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => {
    const value = values[key.toLowerCase()];
    return value === undefined ? whole : html ? escapeHtml(value) : value;
  });
}

/**
 * The message as a company will read it, with sample values for the placeholders: the e-mail's own wrapper and
 * line handling (keepPlainLines, as mime.ts). The HTML is shown in a sandboxed frame (no scripts, no
 * same-origin access), so whatever the user typed or pasted cannot run on the page; the server sanitises the
 * content when the send is scheduled, so markup it does not allow (a form, a style block) is dropped there.
 */
export function MessagePreview({
  subject,
  content,
  applicant,
  defaultOpen = false,
  known,
  note,
}: {
  subject: string;
  content: string;
  /** The user's own details; left out (the admin's template preview), a sample applicant stands in. */
  applicant?: Applicant | null;
  defaultOpen?: boolean;
  /** Placeholder values every recipient shares (a job ad's company and job title), shown as they will be sent. */
  known?: Record<string, string>;
  /** What the preview stands for, when it is not a sample company's message. */
  note?: string;
}) {
  const shown = applicant === undefined ? SAMPLE_APPLICANT : applicant;
  const fill = (text: string) => fillPreview(text, shown, true, known);
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Stack gap="xs">
      <Button variant="subtle" onClick={() => setOpen((o) => !o)} aria-expanded={open} style={{ alignSelf: 'flex-start' }}>
        {open ? texts.hide : texts.show}
      </Button>
      {open ? (
        <Card withBorder radius="md" padding="md">
          <Stack gap="xs">
            <Text size="sm" c="gray.8">
              {note ?? (applicant === undefined ? texts.sampleNote : texts.note)}
            </Text>
            <Text fw={700}>
              {texts.subject} {fillPreview(subject, shown, false, known)}
            </Text>
            <iframe
              title={texts.frame}
              sandbox=""
              srcDoc={`<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"></head><body style="margin:0;padding:8px"><div dir="rtl" lang="ar" style="direction:rtl;text-align:right;font-family:Tahoma,Arial,sans-serif;font-size:15px;line-height:1.7">${keepPlainLines(fill(content))}</div></body></html>`}
              style={{
                width: '100%',
                minHeight: 240,
                border: '1px solid var(--mantine-color-gray-3)',
                borderRadius: 8,
                background: 'white',
              }}
            />
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}
