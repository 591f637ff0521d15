import { isMailAddress } from '../rules/mail-address';

/**
 * "Apply to a job ad": the text of a post a job seeker pastes (X, LinkedIn, WhatsApp; Arabic, English or both)
 * read for what the application needs — the addresses to write to, and the job title and company to show for
 * confirmation. Pure and deterministic: patterns only, no network.
 */
export interface JobAdExtraction {
  /** In order of appearance, each once (compared without case); the domain in lower case, the local part as written. */
  emails: string[];
  /** Whether an address was written in a disguised form («hr [at] x [dot] com», «hr آت x دوت com»). */
  emailsObfuscated: boolean;
  title: string | null;
  company: string | null;
  /** The company is only the name in the first address's domain (not a free mailbox), not one the post states. */
  companyFromDomain: boolean;
}

// ——— Text clean-up ———

/** Direction marks, embeddings and isolates, zero-width characters, the soft hyphen, the Arabic letter mark. */
const INVISIBLE = /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
/** Tatweel and Arabic diacritics (harakat, tanween, shadda, superscript alef): decoration, never meaning here. */
const ARABIC_MARKS = /[\u0640\u064B-\u065F\u0670]/g;
const ARABIC_INDIC_DIGIT = /[\u0660-\u0669]/g;
const PERSIAN_DIGIT = /[\u06F0-\u06F9]/g;

/** NFKC turns full-width ＠ ． and letters, and Arabic presentation forms, into their ordinary characters. */
function cleanText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(ARABIC_MARKS, '')
    .replace(ARABIC_INDIC_DIGIT, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(PERSIAN_DIGIT, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\uFE6B/g, '@')
    .replace(/\r\n?/g, '\n');
}

/**
 * One character for one: أ إ آ ٱ → ا, ة → ه, ى → ي, Latin capitals → small. Patterns are matched on this
 * folded copy and the words are cut from the clean text at the same offsets.
 */
function fold(text: string): string {
  return text
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/[A-Z]/g, (c) => c.toLowerCase());
}

// ——— Addresses ———

const LOCAL = 'A-Za-z0-9._%+\\-';
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const AT_WORD = '(?:at|آت|ات)';
const DOT_WORD = '(?:dot|دوت|نقطة|نقطه)';

/** Top-level names an address is read across spaced dots with («hr @ x . com»): a sentence's full stop is not one. */
const SPACED_DOT_LABELS = new Set(
  'com net org edu gov info biz io co ai app dev tech me jobs careers sa ae kw qa bh om jo eg uk us de fr in pk med sch'.split(' '),
);
/** Domains ending so are files: image@2x.png, banner@3x.jpg. */
const FILE_ENDINGS = new Set(
  'png jpg jpeg gif webp svg heic bmp pdf doc docx xls xlsx ppt pptx mp4 mov js ts css json html htm php'.split(' '),
);

/** «hr [at] x [dot] com», «hr(at)x(dot)com», «hr {@} x [.] com»: the bracketed word is the sign. */
const BRACKETED_AT = new RegExp(String.raw`\s*[[({<]\s*(?:${AT_WORD}|@)\s*[\])}>]\s*`, 'giu');
const BRACKETED_DOT = new RegExp(String.raw`\s*[[({<]\s*(?:${DOT_WORD}|\.)\s*[\])}>]\s*`, 'giu');
/**
 * A bare «at» is an address only when a spelled-out dot follows its domain («hr at x dot com»), or when it is the
 * Arabic «آت» before a domain with a dot: "apply at acme.com" stays a sentence.
 */
const BARE_AT = new RegExp(
  String.raw`([${LOCAL}]+(?:\s+${DOT_WORD}\s+[${LOCAL}]+){0,3})\s+(?:${AT_WORD}\s+(?=${LABEL}\s+${DOT_WORD}\s)|(?:آت|ات)\s+(?=${LABEL}\s*\.))`,
  'giu',
);
/** «hr @ x.com» and «hr@ x.com»; a one-sided space before @ only before a domain with its dot («hr @x.com»). */
const SPACED_AT = new RegExp(String.raw`([${LOCAL}])(?:\s+@\s+|@\s+(?=${LABEL}\s*[.]?))`, 'gu');
const LEFT_SPACED_AT = new RegExp(String.raw`(^|\s)([${LOCAL}]+)\s+@(?=${LABEL}\.[A-Za-z])`, 'gu');
/** Words that stand before a mention, not a mailbox: "follow @acme.sa", "thanks to @sira.sa". */
const NOT_A_MAILBOX = new Set('to at by via from and or with us me cc follow thanks email mail contact'.split(' '));

/** After each @, the domain read across spelled-out dots and spaced dots before a known ending. */
function joinDomains(text: string): string {
  const separator = new RegExp(String.raw`^(?:\s*\.\s*|\s+${DOT_WORD}\s+|\s*\.)(${LABEL})`, 'iu');
  const first = new RegExp(`^${LABEL}`, 'u');
  let out = '';
  let at = 0;
  for (let i = text.indexOf('@'); i !== -1; i = text.indexOf('@', at)) {
    out += text.slice(at, i + 1);
    // An address is at most 320 characters: the domain is read from a window, not the rest of the post.
    let rest = text.slice(i + 1, i + 1 + 400);
    const head = first.exec(rest);
    if (!head) {
      at = i + 1;
      continue;
    }
    let domain = head[0];
    rest = rest.slice(head[0].length);
    let consumed = head[0].length;
    for (let next = separator.exec(rest); next; next = separator.exec(rest)) {
      const [whole, label = ''] = next;
      const plain = whole.startsWith('.');
      const spacedDot = !plain && /^\s*\.\s*/.test(whole);
      const endsWithDot = plain && /^\.\s/.test(whole);
      if ((spacedDot || endsWithDot) && !SPACED_DOT_LABELS.has(label.toLowerCase())) break;
      domain += `.${label}`;
      rest = rest.slice(whole.length);
      consumed += whole.length;
    }
    out += domain;
    at = i + 1 + consumed;
  }
  return out + text.slice(at);
}

function deobfuscate(text: string): string {
  let out = text.replace(BRACKETED_AT, '@').replace(BRACKETED_DOT, '.');
  out = out.replace(BARE_AT, (_whole, local: string) => `${local.replace(new RegExp(String.raw`\s+${DOT_WORD}\s+`, 'giu'), '.')}@`);
  out = out.replace(SPACED_AT, '$1@');
  out = out.replace(LEFT_SPACED_AT, (whole, before: string, local: string) =>
    NOT_A_MAILBOX.has(local.toLowerCase()) ? whole : `${before}${local}@`,
  );
  return joinDomains(out);
}

const CANDIDATE = new RegExp(String.raw`([${LOCAL}]+)@(${LABEL}(?:\.${LABEL})+)`, 'gu');

interface FoundAddress {
  address: string;
  /** Where the address's text starts and ends in the text it was found in. */
  start: number;
  end: number;
}

/** Every address in `text`, in order, as written (domain lowered), skipping links and files. */
function findAddresses(text: string): FoundAddress[] {
  const found: FoundAddress[] = [];
  for (const match of text.matchAll(CANDIDATE)) {
    const start = match.index ?? 0;
    const local = (match[1] ?? '').replace(/^[.\-+%]+/, '');
    // A word glued after the address ("hr@acme.comThanks", "hr@acme.saPhone"): a domain is written in one case.
    const glued = /[a-z][A-Z][A-Za-z]*$/.exec(match[2] ?? '');
    const rawDomain = glued ? (match[2] ?? '').slice(0, glued.index + 1) : (match[2] ?? '');
    const domain = rawDomain.toLowerCase();
    // Inside a link: the token the match sits in starts with a scheme or www. (a mailto: link is an address).
    const tokenStart = Math.max(text.lastIndexOf(' ', start), text.lastIndexOf('\n', start)) + 1;
    const token = text.slice(tokenStart, start);
    if (/^[^\s]*?(?:https?:\/\/|www\.)/i.test(token)) continue;
    const ending = domain.slice(domain.lastIndexOf('.') + 1);
    if (FILE_ENDINGS.has(ending) || !/^(?:[a-z]{2,24}|xn--[a-z0-9-]+)$/.test(ending)) continue;
    if (/^\d+x\./.test(domain)) continue;
    const address = `${local}@${domain}`;
    if (isMailAddress(address)) found.push({ address, start, end: start + (match[1] ?? '').length + 1 + rawDomain.length });
  }
  return found;
}

/** The clause an address stands in: up to the nearest line end, sentence end, comma, bracket or dash around it. */
const CLAUSE_BREAK = /\n|\.(?=\s|$)|[!?؟،,;؛|()[\]]|\s[-–—]\s/gu;

function clauseAround(text: string, start: number, end: number): string {
  let from = 0;
  for (const match of text.slice(0, start).matchAll(CLAUSE_BREAK)) from = (match.index ?? 0) + match[0].length;
  const after = text.slice(end);
  const next = after.search(CLAUSE_BREAK);
  return text.slice(from, next === -1 ? undefined : end + next);
}

/**
 * An address the post says not to write to: «لا ترسل على info@…», «الرجاء عدم الإرسال إلى …», "CVs sent to info@…
 * will not be considered", "do not send to …" — unless the same clause says "only" there («لا ترسل إلا على …»).
 */
const NOT_TO_USE = [
  /(?:^|[^\p{L}])(?:لا|عدم|يمنع|ممنوع)\s+(?:يتم\s+)?(?:ترسل|يرسل|ارسال|الارسال|تقدم|يقدم|التقديم|تراسل|يراسل|مراسله|استخدام)/u,
  /(?:^|[^\p{L}])لن\s+(?:يتم|ينظر|تقبل|يقبل|تعتمد|يعتمد)/u,
  /\b(?:do\s+not|don['’]?t|never)\s+(?:send|email|e-mail|mail|apply|write\s+to|use)\b/u,
  /\b(?:not|never|won['’]?t)\s+be\s+(?:considered|accepted|reviewed|processed|read|answered)\b/u,
];
const ONLY_THERE = /(?:^|[^\p{L}])(?:الا|سوي)(?:[^\p{L}]|$)|\b(?:only|except)\b/u;

function notToUse(clause: string): boolean {
  const folded = fold(clause);
  return NOT_TO_USE.some((pattern) => pattern.test(folded)) && !ONLY_THERE.test(folded);
}

// ——— Title and company ———

/** Emoji, pictographs, flags, variation selectors and box bullets: out of titles and names (joiners went with the invisibles). */
const PICTOGRAPHS = /[\p{Extended_Pictographic}\u{1F1E6}-\u{1F1FF}\u{FE0E}\u{FE0F}\u{20E3}▪▫■□●○◆◇►▶✓✔➡→←⬅•]/gu;

/** Stop words (folded) that end a title or a name: the phrase after them is place, terms or employer. */
const ARABIC_STOPS =
  'للعمل لدي في بدوام دوام براتب برواتب بخبره خبره ذو ذات يشترط شرط للانضمام من مع علي الي عن حيث يجيد تجيد ممن سعودي سعوديه سعوديين للسعوديين الجنسيه ذكور اناث نسائيه نسائي رجالي بالرياض بجده بالدمام بمكه بالخبر بالمدينه بمدينه بمنطقه بمحافظه بمطار بميناء بفرع بحي تعلن تبحث تطلب ترغب بحاجه لديها مطلوب لشغل لوظيفه وظيفه وظائف عاجل فورا او و ل ب';
/** Places of work after ل/ب: «محاسب لشركة», «معلمة لمدارس», «كاشير لمحل». */
const ORG_NOUNS =
  'شركه مؤسسه مجموعه مدارس مدرسه مستشفي مستشفيات مصنع مكتب مركز عياده عيادات مطعم محل مجمع عائله اسره فندق صيدليه صيدليات ورشه جامعه كليه روضه حضانه وكاله متجر معهد مستوصف مختبر معرض منتجع جمعيه';
const ENGLISH_STOPS =
  'at in for to with who based located needed required wanted urgently asap position role job vacancy opening openings salary full-time part-time remote riyadh jeddah dammam khobar ksa saudi is are';

const STOP_WORDS = new Set([...ARABIC_STOPS.split(' '), ...ENGLISH_STOPS.split(' ')]);
/** Names keep what a title drops: "Saudi Heart Foundation", "Lucid Motors KSA". */
const COMPANY_STOP_WORDS = new Set(
  [...STOP_WORDS].filter((word) => !['ksa', 'saudi', 'riyadh', 'jeddah', 'dammam', 'khobar'].includes(word)),
);
const STOP_PREFIXED = new Set(ORG_NOUNS.split(' ').flatMap((noun) => [`ل${noun}`, `ب${noun}`, `في${noun}`]));
/** Punctuation that ends a phrase. A dot ends it when a space or the end follows (not in "Node.js"), except after Co. Inc. Ltd. */
const PHRASE_END = /[\n,،;؛:!?؟()[\]|«»"“”*_~#]|\s[-–—/]|[-–—/]\s|\s(?:and|or)\s+(?:an?|two|three|four|five|several|\d+)\s|\.(?=\s|$)/iu;
const ABBREVIATION = /\b(?:co|inc|ltd|corp|est)$/i;

/** `phrase` cut at its first stop word or phrase-ending sign; null when nothing is left or it runs too long. */
function cutPhrase(phrase: string, maxWords: number, stops: Set<string> = STOP_WORDS, title = false): string | null {
  let text = phrase.replace(PICTOGRAPHS, ' ').replace(/^[\s#*_•·\-–—:]+/u, '');
  // A phrase that opens with a bracket is what the bracket holds: «وظيفة (مدير مشاريع) للعمل …».
  const bracketed = /^[(«"“[]\s*([^()«»"“”[\]\n]+?)\s*[)»"”\]]/u.exec(text);
  if (bracketed) text = bracketed[1] ?? '';
  // A leading hashtag is a word: #مهندس_برمجيات → مهندس برمجيات.
  text = text.replace(/^#?(\S+)/u, (word) => word.replace(/^#/, '').replace(/_/g, ' '));
  let end = text.length;
  for (let from = 0; from < text.length; ) {
    const rest = text.slice(from);
    const hit = PHRASE_END.exec(rest);
    if (!hit) break;
    const at = from + hit.index;
    if (hit[0] === '.' && ABBREVIATION.test(text.slice(0, at))) {
      from = at + 1;
      continue;
    }
    end = at;
    break;
  }
  const words = text.slice(0, end).trim().split(/\s+/).filter(Boolean);
  const kept: string[] = [];
  for (const [index, word] of words.entries()) {
    const folded = fold(word);
    // "Assistant to the CEO" keeps its "to"; «بالقصيم», «بالمنطقة الشرقية»: a place after ب ال ends it.
    const keptTo = folded === 'to' && fold(words[index + 1] ?? '') === 'the';
    const place = folded.startsWith('بال') && folded.length > 4;
    // In a title, «للمرحلة», «للفرع» (ل + ال) and «لتغطية», «لتطوير» (ل + a verbal noun) say what for or where.
    const purpose = title && (folded.startsWith('لل') || folded.startsWith('لت')) && folded.length > 4;
    if (kept.length > 0 && !keptTo && (stops.has(folded) || STOP_PREFIXED.has(folded) || place || purpose)) break;
    if (kept.length === 0 && stops.has(folded)) return null;
    kept.push(word);
  }
  if (kept.length === 0 || kept.length > maxWords) return null;
  const result = kept.join(' ').replace(/[.'’]+$/u, (dots) => (dots === '.' && ABBREVIATION.test(kept.join(' ').slice(0, -1)) ? '.' : ''));
  return result.length >= 2 ? result : null;
}

/** Words that say "jobs" or "staff" without saying which: not a title. */
const GENERIC_TITLES = new Set(
  'وظائف وظيفه شاغره شاغر موظفين موظفات عمال عماله فرص فرصه للعمل متدربين staff people candidates you talent talents us team multiple new hiring jobs careers experience qualifications requirements skills'.split(
    ' ',
  ),
);

/** Title patterns on folded text, strongest first; group 1 starts the title. */
const TITLE_PATTERNS: RegExp[] = [
  // Stated outright: «المسمى الوظيفي: …», «وظيفة: …», "Job Title: …", "Position: …".
  /(?:^|[^\p{L}])(?:المسمي الوظيفي|مسمي الوظيفه|الوظيفه الشاغره|الوظيفه|وظيفه|المنصب|المسمي|الشاغر|فرص(?:ه)? وظيفي(?:ه)?|فرص(?:ه)? عمل)[ \t]*[:：][ \t]*(.+)/u,
  /\b(?:job title|job role|position|role|title|vacancy|opening|job|urgent requirement|requirement|hiring)(?:[ \t]+(?:available|open|vacant))?[ \t]*(?:[:：]|[ \t][-–—][ \t])[ \t]*(.+)/u,
  /\b(?:urgently[ \t]+)?(?:required|wanted|needed)[ \t]*[:：!]+[ \t]*(.+)/u,
  // A first line "Title – City" (a careers page's heading).
  /^(?:[\s*]|\p{Extended_Pictographic}|\uFE0F)*([^\n]{3,60}?)[ \t]+[-–—|][ \t]+(?:riyadh|jeddah|dammam|khobar|al khobar|jubail|yanbu|makkah|mecca|madinah|medina|taif|tabuk|abha|qassim|hail|neom|ksa|remote|الرياض|جده|الدمام|الخبر|الجبيل|ينبع|مكه|المدينه|الطائف|تبوك|ابها|القصيم|حائل|نيوم)[ \t]*(?:$|\n|[,(])/u,
  // «فرص وظيفية … (مهندس مدني)».
  /(?:فرص(?:ه)? وظيفي(?:ه)?|وظيفه شاغره|وظائف شاغره|شاغر وظيفي|بمسمي)[^\n(]{0,40}\(([^)\n@]+)\)/u,
  // «مطلوب محاسب», «مطلوبة: …».
  /(?:^|[^\p{L}])مطلوب(?:ه|ين)?(?:(?:[\s*_~!‼:：]|\p{Extended_Pictographic}|\uFE0F)+(?:فورا|عاجل|حالا|لدينا|بشكل عاجل|للعمل))*(?:[\s*_~!‼:：]|\p{Extended_Pictographic}|\uFE0F)*?[:：]?\s+(?:[\s*_~!‼]|\p{Extended_Pictographic}|\uFE0F)*(.+)/u,
  // «شاغر وظيفي بمسمى …».
  /(?:^|[^\p{L}])بمسمي\s+(?:وظيفي\s+)?(.+)/u,
  // «نعلن عن حاجتنا إلى …», «تعلن … عن حاجتها لشغل وظيفة …», «عن توفر وظيفة …».
  /حاج(?:تنا|تها|ته|ه)\s+(?:الي\s+|ل\s*)(?:شغل\s+)?(?:وظيفه\s+|وظائف\s+)?(.+)/u,
  /(?:توفر|توفير|شغل)\s+(?:وظيفه|فرصه وظيفيه|شاغر)\s+(.+)/u,
  // «نبحث عن …», «تبحث شركة … عن …».
  /(?:نبحث|تبحث|يبحث)\s+(?:[^\n]*?\s)?عن\s+(.+)/u,
  // "We're hiring a Senior Accountant", "ACME is hiring a …", "#hiring … Sales Manager".
  /\b(?:we(?:'|’)?re|we are|is|are|now|currently)\s+(?:now\s+)?(?:hiring|recruiting)(?:\s*[:：\-–—])?\s+(?:an?\s+|for\s+(?:an?\s+)?)?(.+)/u,
  // "Join ACME as a Data Analyst", "ACME needs a QA Engineer".
  /\bjoin\b[^\n]{0,60}?\sas\s+(?:an?\s+|our\s+(?:new\s+|next\s+)?)(.+)/u,
  /\b(?:needs|requires)\s+an?\s+(.+)/u,
  /#hiring\b\s*[:：\-–—]?\s*(?:#\S+\s+)*([^#\s].*)/u,
  /(?:^|\n)\s*hiring\s+(?:an?\s+)?(.+)/u,
  /\b(?:looking for|seeking|searching for|in search of)\s+(?:an?\s+)?(.+)/u,
  /\b(?:vacancy|opening|opportunity)\s+for\s+(?:an?\s+)?(.+)/u,
  /(?:^|[^\p{L}])وظيفه\s+(.+)/u,
  // "Accountant needed for …", "📣 Nurse required": the words before, from a line or sentence start.
  /(?:^|\n|[!.?]\s+|\p{Extended_Pictographic}\uFE0F?\s*)(\p{L}[\p{L} &/-]{1,50}?)\s+(?:urgently\s+)?(?:needed|required|wanted)\b/u,
];

/** Lines that only announce a job («فرصة عمل», "We're hiring!"): the title is then the next line. */
const HEADINGS = new Set([
  'مطلوب',
  'مطلوبه',
  'مطلوب عاجل',
  'عاجل',
  'فرصه عمل',
  'فرصه وظيفيه',
  'فرص وظيفيه',
  'وظيفه شاغره',
  'وظائف شاغره',
  'شاغر وظيفي',
  "we're hiring",
  'we’re hiring',
  'we are hiring',
  'now hiring',
  'hiring',
  'job opening',
  'job vacancy',
  'vacancy',
  'job opportunity',
  'career opportunity',
  'internship opportunity',
  'join our team',
  'urgent requirement',
]);

/** Each pattern over each line: the first title it yields. */
function findTitle(clean: string, folded: string): string | null {
  for (const pattern of TITLE_PATTERNS) {
    for (const match of folded.matchAll(new RegExp(pattern.source, `${pattern.flags}gd`))) {
      const start = match.indices?.[1]?.[0] ?? 0;
      const lineEnd = clean.indexOf('\n', start);
      const title = cutPhrase(
        clean.slice(start, lineEnd === -1 ? undefined : lineEnd).replace(/^(?:an?|the)\s+/i, ''),
        7,
        STOP_WORDS,
        true,
      );
      if (title && !/@|https?:|www\./i.test(title) && !GENERIC_TITLES.has(fold(title))) return title;
    }
  }
  // A heading line, then a line that is a title and nothing else.
  const lines = clean.split('\n');
  for (const [index, line] of lines.entries()) {
    const bare = (text: string) =>
      text
        .replace(PICTOGRAPHS, ' ')
        .replace(/[*_~!‼:.#\-–—]/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
    if (!HEADINGS.has(fold(bare(line)))) continue;
    const next = lines.slice(index + 1).find((candidate) => bare(candidate) !== '');
    if (next === undefined) break;
    const title = cutPhrase(next, 7, STOP_WORDS, true);
    if (title && title === bare(next) && !/@|https?:|www\./i.test(title) && !GENERIC_TITLES.has(fold(title))) return title;
  }
  // "Senior Product Manager @ Tamara": the capitalised words before " @ " and a name (not "hr @ acme . com").
  for (const match of clean.matchAll(
    /((?:[A-Z][\w&/-]*[ \t]+){0,5}[A-Z][\w&/-]*)[ \t]+@[ \t]+[A-Z][\w&-]*(?![\w-]*[ \t]*\.[ \t]*[a-z]{2})/g,
  )) {
    const title = cutPhrase(match[1] ?? '', 7);
    if (title && !GENERIC_TITLES.has(fold(title))) return title;
  }
  return null;
}

/** A company "name" that only describes: «شركة كبرى», «مؤسسة رائدة». */
const GENERIC_COMPANY_WORDS = new Set(
  'كبري كبيره رائده ناشئه معروفه عالميه محليه مرموقه خاصه حكوميه وطنيه سعوديه مقاولات للمقاولات تقنيه صناعيه تجاريه عقاريه متخصصه متميزه قطاع'.split(
    ' ',
  ),
);
/** Places and pronouns that come after "at" or before "is hiring" without being employers. */
const NOT_COMPANIES = new Set(
  'we our the this i you they riyadh jeddah dammam khobar jubail ksa saudi arabia saudi mecca makkah medina madinah neom linkedin'.split(
    ' ',
  ),
);

/**
 * Company patterns on folded text, strongest first. An Arabic one runs to its stop word; an English one keeps
 * the capitalised words only — those before "is hiring" or a suffix ('before'), or after "at", "join", " @ " ('after').
 */
const COMPANY_PATTERNS: { pattern: RegExp; english?: 'before' | 'after' }[] = [
  {
    pattern: /(?:^|[^\p{L}])(?:اسم الشركه|الشركه|اسم المنشاه|المنشاه|جهه العمل|الجهه|company|employer|organization)[ \t]*[:：][ \t]*(.+)/u,
  },
  { pattern: /(?:^|[^\p{L}])(?:لدي\s+|في\s+|مع\s+)?[لبو]?(?:شركه|مؤسسه)\s+(.+)/u },
  { pattern: /(?:^|[^\p{L}])(?:لدي\s+|في\s+|مع\s+)?[لبو]?(مجموعه\s+.+)/u },
  // «مستشفى المملكة», «ورشة الأمانة», «لمدارس الأندلس»: a place of work named (definite), not described («مكتب محاماة»).
  { pattern: new RegExp(String.raw`(?:^|[^\p{L}])(?:لدي\s+|في\s+|مع\s+)?[لبو]?((?:${ORG_NOUNS.replace(/ /g, '|')})\s+ال\p{L}.*)`, 'u') },
  {
    pattern:
      /((?:[a-z0-9][\w&'.-]*[ \t]+){0,3}[a-z0-9][\w&'.-]*)[ \t]+(?:is|are)[ \t]+(?:now[ \t]+|currently[ \t]+)?(?:hiring|looking|recruiting|seeking)\b/u,
    english: 'before',
  },
  { pattern: /(?:\bat|[ \t]@)[ \t]+([a-z][\w&'.’-]*(?:[ \t]+(?:[a-z0-9][\w&'.’-]*|&))*)/u, english: 'after' },
  { pattern: /\bjoin[ \t]+(?:the[ \t]+)?([a-z][\w&'.’-]*(?:[ \t]+(?:[a-z0-9][\w&'.’-]*|&))*)/u, english: 'after' },
  {
    pattern: /((?:[a-z0-9][\w&'.-]*[ \t]+){1,3}(?:group|company|holding|holdings|corp|ltd|establishment|trading|contracting)\.?)(?![\w-])/u,
    english: 'before',
  },
];

/** English names are words written with a capital (or all capitals), the first with a letter: checked on the clean text. */
function startsCapitalised(word: string, first: boolean): boolean {
  return (first ? /^[A-Z]/ : /^[A-Z0-9&]/).test(word);
}

/** The capitalised words of an English match: the last run of them ('before') or the first ('after'). */
function capitalisedRun(raw: string, side: 'before' | 'after'): string {
  const words = raw.split(/\s+/);
  const capitalised: string[] = [];
  if (side === 'before') {
    for (const word of words.toReversed()) {
      if (!startsCapitalised(word, false)) break;
      capitalised.unshift(word);
    }
    while (capitalised.length > 0 && !startsCapitalised(capitalised[0] ?? '', true)) capitalised.shift();
  } else {
    for (const word of words) {
      if (!startsCapitalised(word, capitalised.length === 0)) break;
      capitalised.push(word);
      if (/['’]s$/.test(word)) break; // "join STC's AI team": the owner is the company.
    }
  }
  return capitalised.join(' ');
}

function findCompany(clean: string, folded: string): string | null {
  for (const { pattern, english } of COMPANY_PATTERNS) {
    for (const match of folded.matchAll(new RegExp(pattern.source, `${pattern.flags}gd`))) {
      const start = match.indices?.[1]?.[0] ?? 0;
      const end = start + (match[1] ?? '').length;
      let raw: string;
      if (english) {
        // "hr @ acme . com" is an address, not a company after " @ ".
        if (/^[ \t]*\.[ \t]*[a-z]{2}/i.test(clean.slice(end))) continue;
        raw = capitalisedRun(clean.slice(start, end), english);
        if (!raw) continue;
      } else {
        const lineEnd = clean.indexOf('\n', start);
        raw = clean.slice(start, lineEnd === -1 ? undefined : lineEnd);
      }
      const name = cutPhrase(raw, 5, COMPANY_STOP_WORDS);
      if (!name) continue;
      const words = fold(name).split(' ');
      if (words.every((word) => GENERIC_COMPANY_WORDS.has(word) || NOT_COMPANIES.has(word))) continue;
      if (english && NOT_COMPANIES.has((words[0] ?? '').replace(/['’]s$/, ''))) continue;
      return name.replace(/['’]s$/, '');
    }
  }
  return null;
}

const FREE_MAIL = new Set(
  'gmail googlemail hotmail outlook live msn yahoo ymail icloud me mac aol protonmail proton yandex gmx mail zoho'.split(' '),
);
const SECOND_LEVEL = new Set('com net org edu gov co med sch ac'.split(' '));

/** careers.stc.com.sa → stc; null for free mailboxes. */
function companyFromAddress(address: string): string | null {
  const labels = address.slice(address.indexOf('@') + 1).split('.');
  labels.pop();
  if (labels.length >= 2 && SECOND_LEVEL.has(labels.at(-1) ?? '')) labels.pop();
  const name = labels[labels.length - 1];
  return name && !FREE_MAIL.has(name) ? name : null;
}

// ——— The whole ———

export function extractJobAd(text: string): JobAdExtraction {
  const clean = cleanText(text);
  const plain = new Set(findAddresses(clean).map(({ address }) => address.toLowerCase()));
  const emails: string[] = [];
  const seen = new Set<string>();
  let emailsObfuscated = false;
  const readable = deobfuscate(clean);
  for (const { address, start, end } of findAddresses(readable)) {
    if (notToUse(clauseAround(readable, start, end))) continue;
    const key = address.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    emails.push(address);
    if (!plain.has(key)) emailsObfuscated = true;
  }
  const folded = fold(clean);
  const title = findTitle(clean, folded);
  let company = findCompany(clean, folded);
  let companyFromDomain = false;
  if (company === null) {
    for (const address of emails) {
      company = companyFromAddress(address);
      if (company) {
        companyFromDomain = true;
        break;
      }
    }
  }
  return { emails, emailsObfuscated, title, company, companyFromDomain };
}
