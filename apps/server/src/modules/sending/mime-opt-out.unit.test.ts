import { describe, expect, it } from 'vitest';
import { makePdf } from '../../../test-support/pdf';
import { header, parseMessage } from '../../sandbox/google/mime';
import { prepareJobMessage, renderMessage } from './mime';

/** The opt-out footer and headers of an application e-mail (RFC 2369, RFC 8058; ADR 013). */

const job = prepareJobMessage({
  from: 'applicant@gmail.com',
  subject: 'طلب توظيف لدى {{company_name}}',
  content: '<p>السلام عليكم</p>',
  resumeName: 'cv.pdf',
  pdf: makePdf(['CV'], 1024),
});
const to = { email: 'hr@company.example', company_name: 'شركة', sector: 'تقنية', location: 'الرياض' };
const url = 'https://sira.example.sa/opt-out/AZbtu6fomU04pHTPN4awqudyZWNydWl0bWVudA';

describe('opt-out in the message', () => {
  it('adds the one-click headers and a footer under both parts', () => {
    const parsed = parseMessage(Buffer.concat(renderMessage(job, { ...to, optOutUrl: url })));
    expect(header(parsed.headers, 'list-unsubscribe')).toBe(`<${url}>`);
    expect(header(parsed.headers, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // The footer comes after the letter, inside the body, right to left.
    expect(parsed.html).toMatch(
      /السلام عليكم[\s\S]*<div dir="rtl" lang="ar"[^>]*>وصلتكم هذه الرسالة[^<]*<a href="[^"]+">إدارة الاستلام<\/a><\/div>\s*<\/body>/,
    );
    expect(parsed.html).toContain(`<a href="${url}">`);
    expect(parsed.text).toMatch(/السلام عليكم\n\n-- \nوصلتكم هذه الرسالة[^\n]*\nhttps:\/\/sira\.example\.sa\/opt-out\//);
  });

  it('writes none without a link', () => {
    const parsed = parseMessage(Buffer.concat(renderMessage(job, to)));
    expect(header(parsed.headers, 'list-unsubscribe')).toBeUndefined();
    expect(parsed.html).not.toContain('إدارة الاستلام');
  });

  it('refuses a link that could end the header or leave the angle brackets', () => {
    for (const bad of [`${url}\r\nBcc: x@evil.example`, `${url}>, <mailto:x@evil.example`, 'javascript:alert(1)', `${url} x`])
      expect(() => renderMessage(job, { ...to, optOutUrl: bad }), bad).toThrow();
  });
});
