import { describe, expect, it } from 'vitest';
import { editableText, keepPlainLines } from './message-html';

describe('editableText', () => {
  it('turns a simple template into lines a person edits, which the e-mail shows as paragraphs again', () => {
    const template =
      '<p>السادة في <strong>{{company_name}}</strong> المحترمين،</p>\n<p>السلام عليكم،<br>وبعد:</p>\n<p>أرفقت سيرتي &amp; شهاداتي.</p>';
    const text = editableText(template);
    expect(text).toBe('السادة في {{company_name}} المحترمين،\n\nالسلام عليكم،\nوبعد:\n\nأرفقت سيرتي & شهاداتي.');
    expect(keepPlainLines(text)).toBe('السادة في {{company_name}} المحترمين،<br><br>السلام عليكم،<br>وبعد:<br><br>أرفقت سيرتي & شهاداتي.');
  });

  it('leaves a template with other markup as written (a link, a list), so nothing it says is lost', () => {
    for (const html of [
      '<p>زوروا <a href="https://sira.example">موقعنا</a></p>',
      '<ul><li>أولاً</li></ul>',
      '<p style="color:red">نص</p>',
    ]) {
      expect(editableText(html)).toBe(html);
    }
  });

  it('leaves plain text as it is', () => {
    expect(editableText('سطر أول\nسطر ثانٍ')).toBe('سطر أول\nسطر ثانٍ');
  });
});
