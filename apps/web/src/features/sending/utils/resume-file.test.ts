import { RESUME_MAX_BYTES } from '@sira/shared';
import { describe, expect, it } from 'vitest';
import { formatFileSize, resumeFileProblem } from './resume-file';

describe('résumé pre-checks (spec §5)', () => {
  it('accepts a PDF by type or by name up to 5 MB', () => {
    expect(resumeFileProblem({ name: 'cv.pdf', type: 'application/pdf', size: 1000 })).toBeNull();
    expect(resumeFileProblem({ name: 'CV.PDF', type: '', size: RESUME_MAX_BYTES })).toBeNull();
  });

  it('refuses anything else with the spec’s text, and files over 5 MB', () => {
    expect(resumeFileProblem({ name: 'cv.docx', type: 'application/msword', size: 1000 })).toBe('يرجى اختيار ملف PDF فقط');
    expect(resumeFileProblem({ name: 'cv.png', type: 'image/png', size: 10 })).toBe('يرجى اختيار ملف PDF فقط');
    expect(resumeFileProblem({ name: 'cv.pdf', type: 'application/pdf', size: RESUME_MAX_BYTES + 1 })).toMatch(/حجم الملف أكبر من 5/);
  });

  it('shows the chosen file’s size with Western digits (ADR 026)', () => {
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe('1.5 ميغابايت');
    expect(formatFileSize(340 * 1024)).toBe('340 كيلوبايت');
    expect(formatFileSize(10)).toBe('1 كيلوبايت');
  });
});
