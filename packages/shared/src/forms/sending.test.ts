import { describe, expect, it } from 'vitest';
import { ar } from '../messages/ar';
import { sendingText } from '../messages/sending';
import { applicantNameFormSchema, composeFormSchema, lengthProblem } from './sending';

const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

const resume = new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' });

describe('/send-resume: the lengths a send takes are said before sending', () => {
  it('names the field that is too long', () => {
    expect(lengthProblem('ع'.repeat(300), 'م'.repeat(100_000))).toBeNull();
    expect(lengthProblem('ع'.repeat(301), 'م')).toBe(sendingText.subjectTooLong);
    expect(lengthProblem('ع', 'م'.repeat(100_001))).toBe(sendingText.contentTooLong);
  });
});

describe('/send-resume form: one message at a time', () => {
  it('marks every empty required field under the one "fill in all fields" message', () => {
    expect(issuesOf(composeFormSchema.safeParse({ subject: ' ', content: '', file: null }))).toEqual([
      ['subject', sendingText.fieldsRequired],
      ['content', sendingText.fieldsRequired],
      ['file', sendingText.fieldsRequired],
    ]);
    expect(issuesOf(composeFormSchema.safeParse({ subject: 'طلب', content: 'نص', file: null }))).toEqual([
      ['file', sendingText.fieldsRequired],
    ]);
  });

  it('says a length only once nothing is missing, marking no field', () => {
    expect(issuesOf(composeFormSchema.safeParse({ subject: 'ع'.repeat(301), content: '', file: resume }))).toEqual([
      ['content', sendingText.fieldsRequired],
    ]);
    expect(issuesOf(composeFormSchema.safeParse({ subject: 'ع'.repeat(301), content: 'نص', file: resume }))).toEqual([
      ['', sendingText.subjectTooLong],
    ]);
    expect(composeFormSchema.safeParse({ subject: 'طلب', content: 'نص', file: resume }).success).toBe(true);
  });
});

describe('/send-resume: the applicant name asked first', () => {
  it('says the first problem of the Arabic name, then of the Latin one', () => {
    expect(issuesOf(applicantNameFormSchema.safeParse({ fullName: ' ', fullNameEn: '1' }))).toEqual([['', ar.auth.nameRequired]]);
    expect(issuesOf(applicantNameFormSchema.safeParse({ fullName: 'سارة أحمد', fullNameEn: 'سارة' }))).toEqual([
      ['', ar.auth.invalidNameEn],
    ]);
    expect(applicantNameFormSchema.safeParse({ fullName: 'سارة أحمد', fullNameEn: '' }).success).toBe(true);
  });
});
