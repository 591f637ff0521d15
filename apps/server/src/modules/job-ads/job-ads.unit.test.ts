import { describe, expect, it } from 'vitest';
import { holdsJobAdPlaceholder, personalize } from '../sending/personalize';
import { chosenAddresses } from './job-ads.service';

describe("a job ad's addresses", () => {
  it('are trimmed and taken once each, compared without case, in the order given', () => {
    expect(chosenAddresses([' HR@Company.sa ', 'jobs@company.sa', 'hr@company.SA', ''])).toEqual(['HR@Company.sa', 'jobs@company.sa']);
  });

  it.each([
    [['', '  '], 'JOB_AD_NO_ADDRESS'],
    [['hr@company.sa', 'hr@company..sa'], 'JOB_AD_ADDRESS_INVALID'],
    [['hr@company.sa\r\nBcc: x@y.sa'], 'JOB_AD_ADDRESS_INVALID'],
    [['"HR" <hr@company.sa>'], 'JOB_AD_ADDRESS_INVALID'],
    [['hr@company'], 'JOB_AD_ADDRESS_INVALID'],
  ])('refuses %j with %s', (emails, code) => {
    expect(() => chosenAddresses(emails)).toThrow(expect.objectContaining({ code }));
  });
});

describe('{{job_title}}', () => {
  it("is filled with a job ad's title, and left empty where a delivery has none", () => {
    expect(personalize('التقدم لوظيفة {{ Job_Title }} لدى {{company_name}}', { job_title: 'محاسب', company_name: 'الأفق' })).toBe(
      'التقدم لوظيفة محاسب لدى الأفق',
    );
    expect(personalize('<p>{{job_title}}</p>', { job_title: '<b>مطور</b>' }, { html: true })).toBe('<p>&lt;b&gt;مطور&lt;/b&gt;</p>');
    expect(personalize('وظيفة {{job_title}}', {})).toBe('وظيفة ');
  });

  it('is told apart from the placeholders every send fills', () => {
    expect(holdsJobAdPlaceholder('وظيفة {{job_title}}')).toBe(true);
    expect(holdsJobAdPlaceholder('وظيفة {{  JOB_TITLE }}')).toBe(true);
    expect(holdsJobAdPlaceholder('{{company_name}} {{sector}} {{applicant_name}}')).toBe(false);
    expect(holdsJobAdPlaceholder('job_title {job_title}')).toBe(false);
  });
});
