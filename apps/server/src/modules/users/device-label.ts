/**
 * The browser and system of a user agent in words an Arabic reader knows ("كروم على آيفون"), for the
 * dashboard's recent sign-ins. A short ordered list of the browsers and systems people use in Saudi Arabia, no
 * user-agent database: the aim is "is this me?", not an inventory. Order matters: Edge, Opera and Samsung's
 * browser also say "Chrome", Chrome on iOS says "Safari", and every Android agent says "Linux".
 */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'إيدج'],
  [/\b(OPR|Opera|OPiOS)\//, 'أوبرا'],
  [/\bSamsungBrowser\//, 'متصفح سامسونج'],
  [/\b(Firefox|FxiOS)\//, 'فايرفوكس'],
  [/\b(Chrome|CriOS|Chromium)\//, 'كروم'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'سفاري'],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\biPhone\b/, 'آيفون'],
  [/\biPad\b/, 'آيباد'],
  [/\bAndroid\b/, 'أندرويد'],
  [/\bCrOS\b/, 'كروم أو إس'],
  [/\bWindows\b/, 'ويندوز'],
  [/\bMac OS X\b|\bMacintosh\b/, 'ماك'],
  [/\bLinux\b/, 'لينكس'],
];

export const UNKNOWN_DEVICE = 'جهاز غير معروف';

export function deviceLabel(userAgent: string | null | undefined): string {
  if (!userAgent) return UNKNOWN_DEVICE;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} على ${system}`;
  if (browser) return browser;
  if (system) return `جهاز ${system}`;
  return UNKNOWN_DEVICE;
}

/**
 * The address with its host part hidden: enough to tell one's own network from a stranger's, not enough to
 * point at a household. IPv4 keeps its first two numbers (203.0.x.x), IPv6 its first two groups (2001:db8:…),
 * an IPv4 written as IPv6 (::ffff:203.0.113.5) is shown as IPv4. No place is named: no offline geography
 * database ships with the product and Sira sends no address to an online service (ADR 012).
 */
export function maskedAddress(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.x.x`;
  if (ip.includes(':')) {
    const groups = ip.split(':').filter((g) => g !== '');
    if (groups.length === 0) return null;
    return `${groups.slice(0, 2).join(':')}:…`;
  }
  return null;
}
