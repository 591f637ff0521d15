import { sendingText } from '@sira/shared/messages/sending';
import { describe, expect, it } from 'vitest';
import { resumeWarnings } from './resume-check';

const readable = { pages: 2, hasText: true, emailFound: true, phoneFound: true, suggestedName: null };

describe('resumeWarnings', () => {
  it('has nothing to say about a readable CV with both ways to reach its author, whatever its name', () => {
    expect(resumeWarnings(readable)).toEqual([]);
    expect(resumeWarnings({ ...readable, suggestedName: 'Sara_Ahmed_CV.pdf' })).toEqual([]);
  });

  it('names each missing way to reach the applicant', () => {
    expect(resumeWarnings({ ...readable, emailFound: false, phoneFound: false })).toEqual([
      sendingText.resumeNoEmail,
      sendingText.resumeNoPhone,
    ]);
    expect(resumeWarnings({ ...readable, phoneFound: false })).toEqual([sendingText.resumeNoPhone]);
  });

  it('says only that a scan cannot be read: its contact details were not looked for', () => {
    expect(resumeWarnings({ ...readable, hasText: false, emailFound: false, phoneFound: false })).toEqual([sendingText.resumeNoText]);
  });
});
