import { describe, expect, it } from 'vitest';
import { replacesOwnText } from './send-resume-form';

describe('/send-resume: choosing a template', () => {
  const template = { subject: 'طلب توظيف', content: '<p>نص القالب</p>' };
  it('fills an empty form, or one still holding the last template, without asking', () => {
    expect(replacesOwnText({ subject: '', content: '' }, { subject: '', content: '' })).toBe(false);
    expect(replacesOwnText({ subject: '  ', content: '\n' }, { subject: '', content: '' })).toBe(false);
    expect(replacesOwnText(template, template)).toBe(false);
  });
  it('asks before replacing what the user wrote or changed', () => {
    expect(replacesOwnText({ subject: 'عنواني', content: '' }, { subject: '', content: '' })).toBe(true);
    expect(replacesOwnText({ ...template, content: '<p>نص القالب مع إضافتي</p>' }, template)).toBe(true);
  });
});
