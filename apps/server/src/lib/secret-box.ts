import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts secrets at rest (gateway keys, OAuth client secret, users' refresh and access tokens) with
 * AES-256-GCM. The key is derived from APP_SECRET with HKDF, so rotating APP_SECRET makes old ciphertext
 * unreadable rather than silently wrong (GCM authenticates). Format: `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

const VERSION = 'v1';

export function createSecretBox(appSecret: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'sira', 'sira:secret-box:v1', 32));
  return {
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
}
