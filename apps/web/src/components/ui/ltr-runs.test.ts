import { ar } from '@sira/shared';
import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { withLtrRuns } from './ltr-runs';

const html = (text: string) => renderToStaticMarkup(createElement(Fragment, null, withLtrRuns(text)));

describe('withLtrRuns', () => {
  it('isolates +966 left to right in the phone rule, keeping the words as the spec writes them', () => {
    expect(html(ar.auth.invalidPhone)).toBe('رقم الجوال غير صحيح. يجب أن يبدأ ب 05 أو <bdi dir="ltr">+966</bdi>');
  });

  it('isolates an e-mail address, a phone number and a bracketed English word in an Arabic sentence', () => {
    expect(html('راسلنا على help@sira.example أو اتصل على +966 11 234 5678 من بريدك (Gmail).')).toBe(
      'راسلنا على <bdi dir="ltr">help@sira.example</bdi> أو اتصل على <bdi dir="ltr">+966 11 234 5678</bdi> من بريدك <bdi dir="ltr">(Gmail)</bdi>.',
    );
  });

  it('leaves text without a signed number as it is', () => {
    expect(withLtrRuns('تم الحفظ بنجاح')).toBe('تم الحفظ بنجاح');
    expect(html('رصيدك 10 رسائل')).toBe('رصيدك 10 رسائل');
  });
});
