import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts secrets at rest (gateway keys, OAuth client secret, users' refresh and access tokens) with
 * AES-256-GCM. The key is derived from APP_SECRET with HKDF, so rotating APP_SECRET makes old ciphertext
 * unreadable rather than silently wrong (GCM authenticates). Format: `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
  /**
   * Whether a stored secret is present and still opens: one sealed under an earlier APP_SECRET is as good as
   * none, and the admin screens say so ("not set") rather than "saved".
   */
  canOpen(sealed: string | null | undefined): boolean;
  /**
   * HMAC-SHA256 of `data` under a key derived from APP_SECRET for `purpose` alone, so a signature made for one
   * use (an opt-out link, ADR 013) is never accepted for another.
   */
  mac(purpose: string, data: Buffer): Buffer;
}

const VERSION = 'v1';

export function createSecretBox(appSecret: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'sira', 'sira:secret-box:v1', 32));
  const macKeys = new Map<string, Buffer>();
  const macKey = (purpose: string) => {
    let derived = macKeys.get(purpose);
    if (!derived) {
      derived = Buffer.from(hkdfSync('sha256', appSecret, 'sira', `sira:mac:${purpose}`, 32));
      macKeys.set(purpose, derived);
    }
    return derived;
  };
  const box: SecretBox = {
    mac(purpose, data) {
      return createHmac('sha256', macKey(purpose)).update(data).digest();
    },
    canOpen(sealed) {
      if (!sealed) return false;
      try {
        box.open(sealed);
        return true;
      } catch {
        return false;
      }
    },
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('secret-box: not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
  return box;
}
