import { jobAdMessage } from '@sira/shared/messages/job-ads';
import { sendingText } from '@sira/shared/messages/sending';
import { describe, expect, it } from 'vitest';
import { fillPreview } from '~/components/ui/message-preview';
import { jobAdApplicationErrorText, jobAdApplicationProblem, jobAdPlaceholderValues, namesDirectoryFields } from './job-ad-application';

const choice = { text: 'post', emails: ['hr@example.com'], jobTitle: ' محاسب ', companyName: 'شركة النخبة' };
const message = { subject: 'التقديم على وظيفة {{job_title}}', content: 'السادة {{ company_name }}', file: new File(['%PDF'], 'cv.pdf') };
const applicant = { fullName: 'سارة أحمد', fullNameEn: null, phone: null };

describe('a job ad application', () => {
  it('previews the confirmed job title and company where the message names them, trimmed', () => {
    const known = jobAdPlaceholderValues(choice);
    expect(fillPreview(message.subject, applicant, false, known)).toBe('التقديم على وظيفة محاسب');
    expect(fillPreview(message.content, applicant, false, known)).toBe('السادة شركة النخبة');
    // An ad has no directory sector or city: they read as nothing, not as the sample company's.
    expect(fillPreview('{{sector}}|{{location}}', applicant, false, known)).toBe('|');
  });

  it('notices a sector or city in the message, which an ad does not give', () => {
    expect(namesDirectoryFields({ subject: 'طلب', content: 'في قطاع {{ Sector }}' })).toBe(true);
    expect(namesDirectoryFields({ subject: 'في {{location}}', content: '' })).toBe(true);
    expect(namesDirectoryFields(message)).toBe(false);
  });

  it('escapes the confirmed values in the previewed HTML', () => {
    const known = jobAdPlaceholderValues({ jobTitle: '<b>x</b>', companyName: 'A & B' });
    expect(fillPreview('{{job_title}} {{company_name}}', applicant, true, known)).toBe('&#60;b&#62;x&#60;/b&#62; A &#38; B');
  });

  it('needs an address, then the message and résumé', () => {
    expect(jobAdApplicationProblem({ ...choice, emails: [] }, message)?.fields).toEqual(['emails']);
    expect(jobAdApplicationProblem(choice, { ...message, subject: ' ', file: null })).toEqual({
      message: sendingText.fieldsRequired,
      fields: ['subject', 'file'],
    });
    expect(jobAdApplicationProblem(choice, message)).toBeNull();
  });

  it('needs the job title and company, which the application records whether or not the message names them', () => {
    const blank = { ...choice, jobTitle: '', companyName: ' ' };
    expect(jobAdApplicationProblem(blank, message)?.fields).toEqual(['jobTitle', 'companyName']);
    expect(jobAdApplicationProblem(blank, { ...message, subject: 'طلب توظيف', content: 'السلام عليكم' })?.fields).toEqual([
      'jobTitle',
      'companyName',
    ]);
  });

  it('says a refusal of the sending engine in its words, and falls back otherwise', () => {
    expect(jobAdApplicationErrorText('NO_BALANCE', 'x')).toBe(sendingText.noBalance);
    expect(jobAdApplicationErrorText('JOB_AD_ADDRESS_CONTACTED', 'x')).toBe(jobAdMessage('JOB_AD_ADDRESS_CONTACTED'));
    expect(jobAdApplicationErrorText('INTERNAL', 'تعذّر')).toBe('تعذّر');
    expect(jobAdApplicationErrorText(undefined, 'تعذّر')).toBe('تعذّر');
  });
});
