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

  it('leaves text without a signed number as it is', () => {
    expect(withLtrRuns('تم الحفظ بنجاح')).toBe('تم الحفظ بنجاح');
    expect(html('رصيدك 10 رسائل')).toBe('رصيدك 10 رسائل');
  });
});
