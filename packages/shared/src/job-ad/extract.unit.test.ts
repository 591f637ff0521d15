import { describe, expect, it } from 'vitest';
import { JOB_AD_CORPUS } from './corpus';
import { extractJobAd } from './extract';

/**
 * Titles and company names compared as a reader would: spaces collapsed, tatweel and diacritics dropped, the
 * Arabic letters people write either way made one (أ إ آ ٱ → ا, ة → ه, ى → ي), Latin in lower case.
 */
function normaliseForComparison(text: string | null): string | null {
  if (text === null) return null;
  return text
    .normalize('NFKC')
    .replace(/[\u0640\u064B-\u065F\u0670]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

const percent = (part: number, whole: number) => (whole === 0 ? 100 : (100 * part) / whole);

describe('job ad extraction over the corpus', () => {
  it('finds the addresses and titles of the corpus posts (addresses ≥ 95 %, titles ≥ 85 %)', () => {
    let expectedAddresses = 0;
    let addressesFound = 0;
    let postsWithExtraAddresses = 0;
    let titlesRight = 0;
    let companiesRight = 0;
    const misses: string[] = [];
    for (const [index, sample] of JOB_AD_CORPUS.entries()) {
      const result = extractJobAd(sample.post);
      const expected = new Set(sample.emails);
      const extra = result.emails.filter((address) => !expected.has(address));
      // A post's addresses count as found only when it yields no address it should not.
      const found = extra.length === 0 ? sample.emails.filter((address) => result.emails.includes(address)).length : 0;
      expectedAddresses += sample.emails.length;
      addressesFound += found;
      if (extra.length > 0) postsWithExtraAddresses++;
      if (found < sample.emails.length || extra.length > 0) misses.push(`#${index} emails ${JSON.stringify(result.emails)}`);
      if (normaliseForComparison(result.title) === normaliseForComparison(sample.title)) titlesRight++;
      else misses.push(`#${index} title ${JSON.stringify(result.title)} (expected ${JSON.stringify(sample.title)})`);
      const companyRight =
        normaliseForComparison(result.company) === normaliseForComparison(sample.company) &&
        (sample.company === null || result.companyFromDomain === (sample.companyFromDomain ?? false));
      if (companyRight) companiesRight++;
      else misses.push(`#${index} company ${JSON.stringify(result.company)} (expected ${JSON.stringify(sample.company)})`);
    }
    const posts = JOB_AD_CORPUS.length;
    const addressShare = percent(addressesFound, expectedAddresses);
    const titleShare = percent(titlesRight, posts);
    const companyShare = percent(companiesRight, posts);
    // The figures, for whoever reads the run.
    // biome-ignore lint/suspicious/noConsole: figures of the run
    console.info(
      [
        `job ad extraction, ${posts} posts:`,
        `  addresses found exactly ${addressesFound}/${expectedAddresses} (${addressShare.toFixed(1)} %), posts with an extra address ${postsWithExtraAddresses}`,
        `  titles right ${titlesRight}/${posts} (${titleShare.toFixed(1)} %)`,
        `  companies right ${companiesRight}/${posts} (${companyShare.toFixed(1)} %)`,
        ...misses.map((miss) => `  miss ${miss}`),
      ].join('\n'),
    );
    expect(posts).toBeGreaterThanOrEqual(40);
    expect(addressShare).toBeGreaterThanOrEqual(95);
    expect(titleShare).toBeGreaterThanOrEqual(85);
  });
});

describe('job ad addresses', () => {
  const emails = (text: string) => extractJobAd(text).emails;

  it('reads the usual disguises and says the addresses were disguised', () => {
    for (const text of [
      'hr [at] acme.com',
      'hr(at)acme dot com',
      'hr at acme dot com',
      'hr AT acme DOT com',
      'hr @ acme . com',
      'hr آت acme دوت com',
      'hr {@} acme [.] com',
      'hr @ acme نقطة com',
      'hr@ acme.com',
    ]) {
      const result = extractJobAd(`Send your CV: ${text}`);
      expect(result.emails, text).toEqual(['hr@acme.com']);
      expect(result.emailsObfuscated, text).toBe(true);
    }
    expect(extractJobAd('Email hr dot alpha at alpha-tech dot sa').emails).toEqual(['hr.alpha@alpha-tech.sa']);
    expect(extractJobAd('hr@acme.com').emailsObfuscated).toBe(false);
  });

  it('does not read "at" in a sentence as an address', () => {
    expect(emails('Apply at acme.com today, we work at Riyadh offices')).toEqual([]);
    expect(emails('Thanks @ACME. Send your CV')).toEqual([]);
  });

  it('turns Arabic-Indic and Persian digits and the full-width @ into ordinary ones', () => {
    expect(emails('راسلنا على hr٢٠٢٥@acme.sa')).toEqual(['hr2025@acme.sa']);
    expect(emails('Email: jobs۱۲@acme۳.sa')).toEqual(['jobs12@acme3.sa']);
    expect(emails('التقديم: hr＠acme．sa')).toEqual(['hr@acme.sa']);
  });

  it('drops direction controls and zero-width characters inside and around an address', () => {
    // LRM, RLM, LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI, zero-width space, non-joiner, joiner, BOM.
    const marks = [...'\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200b\u200c\u200d\ufeff'];
    for (const mark of marks) {
      expect(emails(`البريد: ${mark}h${mark}r@ac${mark}me.sa${mark}`), JSON.stringify(mark)).toEqual(['hr@acme.sa']);
    }
  });

  it('leaves out the punctuation around an address', () => {
    expect(emails('أرسل إلى hr@acme.sa، أو jobs@acme.sa.')).toEqual(['hr@acme.sa', 'jobs@acme.sa']);
    expect(emails('(hr@acme.sa) «cv@acme.sa» "a@acme.sa" \'b@acme.sa\' <c@acme.sa>؛ d@acme.sa؟')).toEqual([
      'hr@acme.sa',
      'cv@acme.sa',
      'a@acme.sa',
      'b@acme.sa',
      'c@acme.sa',
      'd@acme.sa',
    ]);
  });

  it('reads mailto: links, lowers the domain, keeps the order and each address once', () => {
    expect(emails('[Apply](mailto:Jobs@ACME.Com.SA) or mailto:hr@acme.sa?subject=CV')).toEqual(['Jobs@acme.com.sa', 'hr@acme.sa']);
    expect(emails('b@acme.sa a@acme.sa B@ACME.SA b@acme.sa')).toEqual(['b@acme.sa', 'a@acme.sa']);
  });

  it('rejects what only looks like an address', () => {
    expect(emails('logo@2x.png banner@3x.jpg cv@file.pdf')).toEqual([]);
    expect(emails('Follow @acme_jobs and @SiraKSA on X')).toEqual([]);
    expect(emails('https://medium.com/@sara.k/hiring and https://user@example.com/path and www.site.com/@team.sa')).toEqual([]);
    expect(emails('hr@acme hr@@acme.sa hr@acme..sa hr.@acme.sa')).toEqual([]);
  });

  it('finds only what the product’s address rule accepts', async () => {
    const { isMailAddress } = await import('../rules/mail-address');
    const text = 'a@b.co x.y+z@sub.domain.com.sa bad@-x.sa q@w.e1 hr@x.com. ok_1@x-y.org';
    const found = emails(text);
    expect(found).toEqual(['a@b.co', 'x.y+z@sub.domain.com.sa', 'hr@x.com', 'ok_1@x-y.org']);
    for (const address of found) expect(isMailAddress(address)).toBe(true);
  });

  it('leaves out an address the post says not to use, unless it says to use only that one', () => {
    expect(emails('ترسل السير على jobs@acme.sa\nلا ترسل على info@acme.sa فلن يتم النظر فيها')).toEqual(['jobs@acme.sa']);
    expect(emails('التقديم: cv@acme.sa (الرجاء عدم الإرسال إلى sales@acme.sa)')).toEqual(['cv@acme.sa']);
    expect(emails('Apply at jobs@acme.sa — CVs sent to info@acme.sa will not be considered.')).toEqual(['jobs@acme.sa']);
    expect(emails('Do not send to info@acme.sa, use jobs@acme.sa')).toEqual(['jobs@acme.sa']);
    expect(emails('لا ترسل إلا على jobs@acme.sa')).toEqual(['jobs@acme.sa']);
    expect(emails('Do not hesitate to send your CV to jobs@acme.sa')).toEqual(['jobs@acme.sa']);
  });

  it('leaves out a word glued after the address', () => {
    expect(emails('drop your CV at qa@acme.comThanks!')).toEqual(['qa@acme.com']);
    expect(emails('ارسل سيرتك على hr@acme.saمع ذكر المسمى')).toEqual(['hr@acme.sa']);
  });

  it('finds no address in a post without one', () => {
    expect(extractJobAd('مطلوب سائق، للتواصل واتساب ٠٥٥١٢٣٤٥٦٧').emails).toEqual([]);
  });
});

describe('job ad titles and companies', () => {
  const title = (text: string) => normaliseForComparison(extractJobAd(text).title);
  const company = (text: string) => extractJobAd(text);

  it('reads the title from the usual Arabic and English phrasings, without hashtags or emoji', () => {
    const cases: [string, string][] = [
      ['مطلوب محاسب', 'محاسب'],
      ['نعلن عن حاجتنا إلى فني صيانة للعمل بالرياض', 'فني صيانه'],
      ['وظيفة: مدير مبيعات', 'مدير مبيعات'],
      ['المسمى الوظيفي: مهندس شبكات 💻', 'مهندس شبكات'],
      ['فرص وظيفية متاحة الآن (مهندس مدني)', 'مهندس مدني'],
      ["We're hiring a Senior Accountant", 'senior accountant'],
      ['Job Title: Sales Executive #jobs', 'sales executive'],
      ['Position: Nurse', 'nurse'],
      ['#hiring #KSA Sales Manager', 'sales manager'],
      ['🔥 مطلوب #مصمم_جرافيك 🔥', 'مصمم جرافيك'],
      ['تعلن شركة الأفق عن توفر وظيفة (مدير مشاريع) للعمل بالخبر', 'مدير مشاريع'],
      ['*مطلوب* ‼️\n\n*مشرف مستودعات*\n- خبرة سنتين', 'مشرف مستودعات'],
      ['- فرصة عمل -\nمسؤول تسويق رقمي\nلمتجر الورد', 'مسؤول تسويق رقمي'],
      ['مطلوب معلمة رياضيات للمرحلة المتوسطة', 'معلمه رياضيات'],
      ['مطلوب مصور لتغطية مناسبات', 'مصور'],
      ['Join ACME Education as an English Teacher (Jeddah).', 'english teacher'],
      ['ACME Steel is recruiting a Production Supervisor and two Machine Operators', 'production supervisor'],
      ['Hiring!! 📣 Accountant needed for a contracting company', 'accountant'],
      ['Startup ACME needs a QA Engineer asap', 'qa engineer'],
      ['Senior Buyer – Riyadh\nACME Group is seeking an experienced buyer', 'senior buyer'],
    ];
    for (const [text, expected] of cases) expect(title(text), text).toBe(expected);
    expect(extractJobAd('وظائف شاغرة، أرسل سيرتك').title).toBeNull();
  });

  it('reads the company the post names, else the domain of a company address, marked as such', () => {
    expect(company('للعمل لدى شركة الأفق بالرياض')).toMatchObject({ company: 'الأفق', companyFromDomain: false });
    expect(company('تعلن مؤسسة النور عن وظائف')).toMatchObject({ company: 'النور', companyFromDomain: false });
    expect(company('Accountant at ACME Group in Riyadh')).toMatchObject({ company: 'ACME Group', companyFromDomain: false });
    expect(company('ACME is hiring a driver')).toMatchObject({ company: 'ACME', companyFromDomain: false });
    expect(company('Company: Sira Tech\nhr@other.sa')).toMatchObject({ company: 'Sira Tech', companyFromDomain: false });
    expect(company('مطلوب محاسب hr@careers.alfa.com.sa')).toMatchObject({ company: 'alfa', companyFromDomain: true });
    for (const free of ['gmail.com', 'hotmail.com', 'outlook.sa', 'yahoo.com', 'icloud.com', 'live.com']) {
      expect(company(`مطلوب محاسب cv@${free}`), free).toMatchObject({ company: null, companyFromDomain: false });
    }
    expect(company('للعمل في شركة كبرى، مطلوب محاسب')).toMatchObject({ company: null });
    // A place of work named (definite) is the employer; one described is not.
    expect(company('مطلوب فني لورشة الأمانة بالدمام')).toMatchObject({ company: 'ورشة الأمانة' });
    expect(company('مطلوب محاسب في مكتب محاماة')).toMatchObject({ company: null });
    expect(company('Senior Product Manager @ Tamara, Riyadh')).toMatchObject({ title: 'Senior Product Manager', company: 'Tamara' });
  });

  it('compares titles with Arabic letter variants, tatweel and spacing made one', () => {
    expect(normaliseForComparison(' مهنـــدسة   إنشاءات ')).toBe(normaliseForComparison('مهندسه انشاءات'));
    expect(normaliseForComparison('أخصائى')).toBe('اخصائي');
    expect(normaliseForComparison('Senior  Accountant')).toBe('senior accountant');
  });
});
