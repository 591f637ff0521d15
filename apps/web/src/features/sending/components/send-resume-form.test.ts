import { sendingText } from '@sira/shared/messages/sending';
import { describe, expect, it } from 'vitest';
import { lengthProblem } from './send-resume-form';

describe('/send-resume: the lengths a send takes are said before sending', () => {
  it('names the field that is too long', () => {
    expect(lengthProblem('ع'.repeat(300), 'م'.repeat(100_000))).toBeNull();
    expect(lengthProblem('ع'.repeat(301), 'م')).toBe(sendingText.subjectTooLong);
    expect(lengthProblem('ع', 'م'.repeat(100_001))).toBe(sendingText.contentTooLong);
  });
});
