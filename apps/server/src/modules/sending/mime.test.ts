import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { samplePdf } from '../../../test-support/sending';
import { header, parseMessage, readHeaders } from '../../sandbox/google/mime';
import {
  attachmentName,
  encodeHeaderWords,
  fromHeader,
  InvalidRecipientError,
  keepPlainLines,
  prepareJobMessage,
  renderMessage,
} from './mime';
import { personalize } from './personalize';

/**
 * The application e-mail round-trips through MIME parsers written independently of the builder: the Google
 * sandbox's reader (the one its Sent folder uses) and, where Python is installed, Python's email package.
 * (mailparser is not among the installed packages.)
 */

const company = { email: 'hr@alrajhi.example', company_name: 'شركة <الراجحي> & أبناؤه', sector: 'المالية', location: 'الرياض' };
const job = () =>
  prepareJobMessage({
    from: 'applicant@gmail.com',
    subject: 'طلب وظيفة في {{company_name}} — قطاع {{ sector }}',
    content:
      '<p>السادة {{company_name}} في {{location}}،</p><p>أرفقت <strong>سيرتي الذاتية</strong>.</p><script>alert(1)</script><img src="x" onerror="steal()">',
    resumeName: 'سيرة أحمد.pdf',
    pdf: samplePdf(200 * 1024),
  });

describe('personalize', () => {
  it('fills the three placeholders, escaping for HTML only when asked', () => {
    const t = '{{company_name}} / {{sector}} / {{location}} / {{unknown}}';
    expect(personalize(t, company)).toBe('شركة <الراجحي> & أبناؤه / المالية / الرياض / {{unknown}}');
    expect(personalize(t, company, { html: true })).toBe('شركة &lt;الراجحي&gt; &amp; أبناؤه / المالية / الرياض / {{unknown}}');
  });

  it('reads the placeholders whatever the spacing or case inside the braces', () => {
    expect(personalize('{{ Company_Name }} / {{SECTOR}}', company)).toBe('شركة <الراجحي> & أبناؤه / المالية');
  });
});

describe('the applicant in the message', () => {
  const prepared = prepareJobMessage({
    from: 'sara.ahmed@gmail.com',
    applicant: { name: 'سارة بنت أحمد الغامدي', nameEn: "Sara O'Neil", phone: '+966512345678' },
    subject: 'طلب وظيفة في {{company_name}} — {{applicant_name}}',
    content:
      '<p>إلى {{company_name}}،</p><p>وتفضلوا بقبول فائق الاحترام والتقدير،</p><p>{{applicant_name}} ({{ Applicant_Name_En }})<br>{{applicant_phone}}</p>',
    resumeName: 'cv.pdf',
    pdf: samplePdf(),
  });
  const raw = Buffer.concat(renderMessage(prepared, company, new Date('2025-03-01T10:00:00Z')));
  const parsed = parseMessage(raw);

  it('sends From the applicant by name: RFC 2047 words for Arabic, decoded back to the name, the address kept', () => {
    const head = raw.toString('latin1').split('\r\n\r\n')[0] ?? '';
    // Only ASCII on the wire: encoded words, folded onto continuation lines, then the address.
    expect(head).toMatch(
      /(?:^|\r\n)From: =\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=(\r\n =\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=)* <sara\.ahmed@gmail\.com>\r\n/,
    );
    expect(header(parsed.headers, 'from')).toBe('سارة بنت أحمد الغامدي <sara.ahmed@gmail.com>');
  });

  it('fills the applicant placeholders in subject, HTML (escaped) and text, the same for every company', () => {
    expect(header(parsed.headers, 'subject')).toBe('طلب وظيفة في شركة <الراجحي> & أبناؤه — سارة بنت أحمد الغامدي');
    const html = parsed.html ?? '';
    expect(html).toContain('سارة بنت أحمد الغامدي (Sara O&#39;Neil)<br />+966512345678');
    const text = parsed.text ?? '';
    expect(text).toContain("سارة بنت أحمد الغامدي (Sara O'Neil)\n+966512345678");
    expect(raw.toString('latin1')).not.toContain('{{applicant');
  });

  it('quotes a Latin name, escapes quotes, and keeps the bare address for a job scheduled before names were asked', () => {
    expect(fromHeader('a@gmail.com', 'Sara Ahmed')).toBe('"Sara Ahmed" <a@gmail.com>');
    expect(fromHeader('a@gmail.com', 'Sa"ra\\')).toBe('"Sa\\"ra\\\\" <a@gmail.com>');
    expect(fromHeader('a@gmail.com', 'Sara\r\nBcc: x@evil.example')).toBe('"SaraBcc: x@evil.example" <a@gmail.com>');
    expect(fromHeader('a@gmail.com', null)).toBe('a@gmail.com');
    const old = prepareJobMessage({
      from: 'a@gmail.com',
      subject: 's',
      content: '<p>{{applicant_name}}x</p>',
      resumeName: 'cv.pdf',
      pdf: samplePdf(),
    });
    const rendered = parseMessage(Buffer.concat(renderMessage(old, company)));
    expect(header(rendered.headers, 'from')).toBe('a@gmail.com');
  });
});

describe('renderMessage', () => {
  const pdf = samplePdf(200 * 1024);
  const prepared = prepareJobMessage({
    from: 'applicant@gmail.com',
    subject: 'طلب وظيفة في {{company_name}} — قطاع {{ sector }}',
    content: '<p>السادة {{company_name}} في {{location}}،</p><p>أرفقت <strong>سيرتي الذاتية</strong>.</p><script>alert(1)</script>',
    resumeName: 'سيرة أحمد.pdf',
    pdf,
  });
  const raw = Buffer.concat(renderMessage(prepared, company, new Date('2025-03-01T10:00:00Z')));

  it('decodes to the personalised Arabic subject, From/To, RTL HTML and plain text, and the byte-identical PDF', () => {
    const parsed = parseMessage(raw);
    expect(header(parsed.headers, 'subject')).toBe('طلب وظيفة في شركة <الراجحي> & أبناؤه — قطاع المالية');
    expect(header(parsed.headers, 'from')).toBe('applicant@gmail.com');
    expect(header(parsed.headers, 'to')).toBe('hr@alrajhi.example');
    expect(header(parsed.headers, 'mime-version')).toBe('1.0');
    expect(parsed.html).toContain('<div dir="rtl" lang="ar"');
    expect(parsed.html).toContain('<p>السادة شركة &lt;الراجحي&gt; &amp; أبناؤه في الرياض،</p>');
    expect(parsed.html).not.toContain('<script');
    expect(parsed.text).toContain('السادة شركة <الراجحي> & أبناؤه في الرياض،');
    expect(parsed.text).toContain('أرفقت سيرتي الذاتية.');
    expect(parsed.attachments).toHaveLength(1);
    expect(parsed.attachments[0]?.filename).toBe('سيرة أحمد.pdf');
    expect(parsed.attachments[0]?.contentType).toBe('application/pdf');
    expect(parsed.attachments[0]?.content.equals(pdf)).toBe(true);
  });

  it('keeps a company name with Latin words and brackets as written inside the Arabic sentence', () => {
    const plain = prepareJobMessage({
      from: 'applicant@gmail.com',
      subject: 'طلب',
      content: 'السادة في {{company_name}}، تحية طيبة.',
      resumeName: 'cv.pdf',
      pdf,
    });
    const parsed = parseMessage(Buffer.concat(renderMessage(plain, { ...company, company_name: 'شركة Sira Labs (KSA) للتقنية' })));
    expect(parsed.html).toContain('السادة في شركة <bdi dir="ltr">Sira Labs</bdi> <bdi dir="ltr">(KSA)</bdi> للتقنية، تحية طيبة.');
    expect(parsed.text).toContain('السادة في شركة \u2066Sira Labs\u2069 \u2066(KSA)\u2069 للتقنية، تحية طيبة.');
  });

  it('keeps the lines of content typed as plain text, in the HTML part as in the text part', () => {
    const plain = prepareJobMessage({
      from: 'applicant@gmail.com',
      subject: 'طلب',
      content: 'السادة في {{company_name}}،\n\nأتقدم بطلبي.\nمع التحية',
      resumeName: 'cv.pdf',
      pdf,
    });
    const parsed = parseMessage(Buffer.concat(renderMessage(plain, company)));
    expect(parsed.html).toContain('السادة في شركة &lt;الراجحي&gt; &amp; أبناؤه،<br><br>أتقدم بطلبي.<br>مع التحية');
    expect(parsed.text).toContain('السادة في شركة <الراجحي> & أبناؤه،\n\nأتقدم بطلبي.\nمع التحية');
    // Content written as HTML keeps its own layout: its source line breaks add nothing.
    expect(parsed.html).not.toContain('<p><br>');
    const html = parseMessage(raw).html ?? '';
    expect(html).not.toContain('<br>');
  });

  it('breaks plain lines only between tags, and leaves HTML laid out with rules or figures alone', () => {
    expect(keepPlainLines('سطر <a href="https://x.example" title="أ\nب">رابط</a>\nسطر')).toBe(
      'سطر <a href="https://x.example" title="أ\nب">رابط</a><br>سطر',
    );
    expect(keepPlainLines('<figure>صورة</figure>\n<hr>\nنص')).toBe('<figure>صورة</figure>\n<hr>\nنص');
  });

  it('keeps every line within RFC 5322 limits and the headers ASCII', () => {
    const text = raw.toString('latin1');
    expect(text.split('\r\n').every((line) => line.length <= 998)).toBe(true);
    expect(text.replace(/\r\n/g, '').includes('\n')).toBe(false);
    const headerBlock = text.slice(0, text.indexOf('\r\n\r\n'));
    expect(/^[\x20-\x7e\r\n\t]*$/.test(headerBlock)).toBe(true);
    expect(readHeaders(raw).get('subject')?.[0]).toMatch(/^=\?UTF-8\?B\?/);
  });

  it('encodes the PDF once per job: every company shares the same attachment bytes', () => {
    const a = renderMessage(prepared, company);
    const b = renderMessage(prepared, { ...company, email: 'jobs@other.example', company_name: 'أخرى' });
    expect(a[1]).toBe(b[1]);
    expect(a[1]).toBe(prepared.tail);
    expect(a[0]?.length).toBeLessThan(4000);
  });

  it('refuses an address that could add a header or a recipient', () => {
    for (const email of ['a@b.example\r\nBcc: x@y.example', 'a@b.example, c@d.example', 'not-an-address', '<a@b.example>']) {
      expect(() => renderMessage(prepared, { ...company, email })).toThrow(InvalidRecipientError);
    }
  });

  it.skipIf(spawnSync('python3', ['--version']).status !== 0)("also reads right with Python's email package", () => {
    const script = `
import sys, email, json
from email import policy
m = email.message_from_bytes(sys.stdin.buffer.read(), policy=policy.default)
html = m.get_body(('html',)).get_content()
text = m.get_body(('plain',)).get_content()
att = next(m.iter_attachments())
print(json.dumps({"subject": str(m["subject"]), "html": html, "text": text, "filename": att.get_filename(), "pdf": att.get_content().hex(), "defects": len(m.defects)}))
`;
    const out = spawnSync('python3', ['-c', script], { input: raw, maxBuffer: 10 * 1024 * 1024 });
    expect(out.status, out.stderr.toString()).toBe(0);
    const parsed = JSON.parse(out.stdout.toString()) as Record<string, string | number>;
    expect(parsed.subject).toBe('طلب وظيفة في شركة <الراجحي> & أبناؤه — قطاع المالية');
    expect(parsed.html).toContain('السادة شركة &lt;الراجحي&gt; &amp; أبناؤه في الرياض');
    expect(parsed.text).toContain('السادة شركة <الراجحي> & أبناؤه في الرياض');
    expect(parsed.filename).toBe('سيرة أحمد.pdf');
    expect(parsed.pdf).toBe(pdf.toString('hex'));
    expect(parsed.defects).toBe(0);
  });

  it('splits long Arabic subjects into encoded words of at most 75 characters', () => {
    const encoded = encodeHeaderWords('عنوان طويل جداً '.repeat(20));
    for (const word of encoded.split('\r\n ')) expect(word.length).toBeLessThanOrEqual(75);
    expect(encodeHeaderWords('Plain ASCII')).toBe('Plain ASCII');
  });

  it('packs each encoded word full without splitting a character, and decodes back to the subject', () => {
    // ASCII, two-byte, three-byte (Arabic) and four-byte (emoji) characters mixed.
    const subject = `CV — ${'سيرة ذاتية 😀 é '.repeat(12)}end`;
    const words = encodeHeaderWords(subject)
      .split('\r\n ')
      .map((word) => Buffer.from(/^=\?UTF-8\?B\?(.*)\?=$/.exec(word)?.[1] ?? '', 'base64'));
    expect(words.map((w) => w.toString('utf8')).join('')).toBe(subject);
    for (const [i, word] of words.entries()) {
      expect(word.length).toBeLessThanOrEqual(45);
      expect(word.toString('utf8')).not.toContain('\uFFFD');
      // Greedy: a word ends only where the next character would not have fitted.
      const next = words[i + 1];
      if (next)
        expect(word.length + Buffer.byteLength(String.fromCodePoint(next.toString('utf8').codePointAt(0) as number))).toBeGreaterThan(45);
    }
  });

  it('names the attachment after the uploaded file, without a path, always .pdf', () => {
    expect(attachmentName('C:\\Users\\me\\cv.pdf')).toBe('cv.pdf');
    expect(attachmentName('سيرتي')).toBe('سيرتي.pdf');
    expect(attachmentName('')).toBe('resume.pdf');
    expect(job().tail.length).toBeGreaterThan(270_000);
  });

  it.each([
    ['right-to-left override', 'CV\u202efdp.exe', 'CVfdp.exe.pdf'],
    ['left-to-right and right-to-left marks, Arabic letter mark', '\u200eسيرة\u200f أحمد\u061c.pdf', 'سيرة أحمد.pdf'],
    ['embeddings and their end', '\u202aCV\u202b\u202c.pdf', 'CV.pdf'],
    ['isolates', '\u2066CV\u2067\u2068\u2069.pdf', 'CV.pdf'],
    ['other invisible format characters', 'C\u00adV\u2060\ufeff\u206e\u{e0041}.pdf', 'CV.pdf'],
    ['a line separator', 'CV\u2028.exe\u2029', 'CV.exe.pdf'],
    ['only controls', '\u202e\u200f', 'resume.pdf'],
  ])('drops %s from the attachment name, which still ends in .pdf', (_label, name, expected) => {
    expect(attachmentName(name)).toBe(expected);
  });

  it('keeps the joiners Persian and Urdu names are written with', () => {
    expect(attachmentName('می\u200cخواهم.pdf')).toBe('می\u200cخواهم.pdf');
  });

  it('cuts a long name on a character boundary, so its encoding never breaks', () => {
    const name = attachmentName(`${'a'.repeat(119)}😀😀.pdf`);
    expect(name).toBe(`${'a'.repeat(119)}😀.pdf`);
    expect(() =>
      prepareJobMessage({ from: 'a@gmail.com', subject: 's', content: '<p>x</p>', resumeName: name, pdf: samplePdf() }),
    ).not.toThrow();
  });

  it('writes a stored name that still carries a right-to-left override without it in the MIME part', () => {
    // Rows stored before names were cleaned on upload: the name is cleaned again when the message is built.
    const prepared = prepareJobMessage({
      from: 'a@gmail.com',
      subject: 's',
      content: '<p>x</p>',
      resumeName: 'CV\u202efdp.exe\u200f.pdf',
      pdf: samplePdf(),
    });
    const parsed = parseMessage(Buffer.concat(renderMessage(prepared, company, new Date('2025-03-01T10:00:00Z'))));
    expect(parsed.attachments[0]?.filename).toBe('CVfdp.exe.pdf');
    expect(prepared.tail.toString('latin1')).toContain('filename="CVfdp.exe.pdf"');
  });
});
