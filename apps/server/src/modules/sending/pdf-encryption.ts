import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import type { PdfDictionary, PdfValue } from './pdf-syntax';

/** Decrypts one stream's data, given the number and generation of the object that holds it. */
export type StreamDecryptor = (data: Buffer, object: number, generation: number) => Buffer | undefined;

/**
 * The standard security handler (PDF 32000-1 §7.6.3–7.6.4, ISO 32000-2 §7.6.4.3.3–4), for a file that opens
 * without a password: one that needs a password is refused before this (PDF_ENCRYPTED). A CV whose author only
 * restricted editing is encrypted all the same, object streams included, so its dictionaries can be read only
 * through the key every reader derives from the empty password: RC4 (40 to 128 bits), AES-128 and AES-256.
 *
 * Returns undefined when the file is not encrypted, and a decryptor that answers undefined for every stream
 * when it is encrypted in a way this does not know (another handler, a damaged dictionary): the scan then
 * counts those object streams as unread.
 */
export function streamDecryptor(
  trailers: PdfDictionary[],
  encryptionDictionaries: Map<number, PdfDictionary>,
): StreamDecryptor | undefined {
  const trailer = trailers.findLast((dict) => dict.has('Encrypt'));
  if (!trailer) return undefined;
  const unknown: StreamDecryptor = () => undefined;
  const reference = trailer.get('Encrypt');
  const encrypt =
    reference && 'ref' in reference
      ? encryptionDictionaries.get(reference.ref)
      : reference && 'dict' in reference
        ? reference.dict
        : undefined;
  if (!encrypt || nameOf(encrypt.get('Filter')) !== 'Standard') return unknown;
  const version = numberOf(encrypt.get('V')) ?? 0;
  const revision = numberOf(encrypt.get('R')) ?? 0;
  const method = cryptMethod(encrypt, version);
  if (method === 'none') return (data) => data;
  if (!method) return unknown;
  try {
    if (revision >= 5) {
      const key = aes256FileKey(encrypt, revision);
      return key ? (data) => aesDecrypt(key, data) : unknown;
    }
    const key = legacyFileKey(encrypt, trailer, version, revision);
    if (!key) return unknown;
    return (data, object, generation) => {
      const objectKey = legacyObjectKey(key, object, generation, method === 'aes');
      return method === 'aes' ? aesDecrypt(objectKey, data) : rc4(objectKey, data);
    };
  } catch {
    return unknown;
  }
}

const nameOf = (value: PdfValue | undefined) => (value && 'name' in value ? value.name : undefined);
const numberOf = (value: PdfValue | undefined) => (value && 'number' in value ? value.number : undefined);
const stringOf = (value: PdfValue | undefined) => (value && 'string' in value ? value.string : undefined);

/** How streams are encrypted: V 1–3 always RC4; V 4–5 by the crypt filter /StmF names (§7.6.5). */
function cryptMethod(encrypt: PdfDictionary, version: number): 'rc4' | 'aes' | 'none' | undefined {
  if (version >= 1 && version <= 3) return 'rc4';
  if (version !== 4 && version !== 5) return undefined;
  const filterName = nameOf(encrypt.get('StmF')) ?? 'Identity';
  if (filterName === 'Identity') return 'none';
  const filters = encrypt.get('CF');
  const filter = filters && 'dict' in filters ? filters.dict.get(filterName) : undefined;
  const cfm = filter && 'dict' in filter ? nameOf(filter.dict.get('CFM')) : undefined;
  if (cfm === 'V2') return 'rc4';
  if (cfm === 'AESV2' || cfm === 'AESV3') return 'aes';
  if (cfm === 'None') return 'none';
  return undefined;
}

const PADDING = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

/** Algorithm 2 (§7.6.3.3) with the empty user password: the key for RC4 and AES-128 files. */
function legacyFileKey(encrypt: PdfDictionary, trailer: PdfDictionary, version: number, revision: number): Buffer | undefined {
  const owner = stringOf(encrypt.get('O'));
  const permissions = numberOf(encrypt.get('P'));
  const ids = trailer.get('ID');
  const firstId = ids && 'array' in ids ? stringOf(ids.array[0]) : undefined;
  if (!owner || permissions === undefined) return undefined;
  const length = version === 1 ? 5 : Math.min(16, Math.max(5, Math.floor((numberOf(encrypt.get('Length')) ?? 40) / 8)));
  const p = Buffer.alloc(4);
  p.writeInt32LE(permissions | 0);
  const metadata = encrypt.get('EncryptMetadata');
  const unencryptedMetadata = revision >= 4 && !!metadata && 'boolean' in metadata && !metadata.boolean;
  let hash = createHash('md5')
    .update(PADDING)
    .update(owner.subarray(0, 32))
    .update(p)
    .update(firstId ?? Buffer.alloc(0))
    .update(unencryptedMetadata ? Buffer.from([0xff, 0xff, 0xff, 0xff]) : Buffer.alloc(0))
    .digest();
  if (revision >= 3) for (let round = 0; round < 50; round++) hash = createHash('md5').update(hash.subarray(0, length)).digest();
  return hash.subarray(0, length);
}

/** Algorithm 1 (§7.6.2): the key of one object, from the file key, its number and generation. */
function legacyObjectKey(key: Buffer, object: number, generation: number, aes: boolean): Buffer {
  const suffix = Buffer.from([object & 0xff, (object >> 8) & 0xff, (object >> 16) & 0xff, generation & 0xff, (generation >> 8) & 0xff]);
  const hash = createHash('md5')
    .update(key)
    .update(suffix)
    .update(aes ? Buffer.from('sAlT', 'latin1') : Buffer.alloc(0))
    .digest();
  return hash.subarray(0, Math.min(key.length + 5, 16));
}

/** Algorithms 2.A and 2.B (ISO 32000-2 §7.6.4.3.3–4) with the empty user password: the AES-256 file key. */
function aes256FileKey(encrypt: PdfDictionary, revision: number): Buffer | undefined {
  const user = stringOf(encrypt.get('U'));
  const userKey = stringOf(encrypt.get('UE'));
  if (!user || user.length < 48 || !userKey || userKey.length < 32) return undefined;
  const salt = user.subarray(40, 48);
  const intermediate = revision === 5 ? createHash('sha256').update(salt).digest() : hardenedHash(salt);
  const decipher = createDecipheriv('aes-256-cbc', intermediate, Buffer.alloc(16));
  decipher.setAutoPadding(false);
  return Buffer.concat([decipher.update(userKey.subarray(0, 32)), decipher.final()]);
}

/** Algorithm 2.B for the empty password and no user data. */
function hardenedHash(salt: Buffer): Buffer {
  let k = createHash('sha256').update(salt).digest();
  let e = Buffer.alloc(0);
  for (let round = 0; round < 64 || (e.at(-1) ?? 0) > round - 32; round++) {
    const k1 = Buffer.concat(Array.from({ length: 64 }, () => k));
    const cipher = createCipheriv('aes-128-cbc', k.subarray(0, 16), k.subarray(16, 32));
    cipher.setAutoPadding(false);
    e = Buffer.concat([cipher.update(k1), cipher.final()]);
    let sum = 0;
    for (let index = 0; index < 16; index++) sum += e[index] as number;
    k = createHash(['sha256', 'sha384', 'sha512'][sum % 3] as string)
      .update(e)
      .digest();
  }
  return k.subarray(0, 32);
}

/** AES-CBC with the 16-byte initialisation vector first (§7.6.3.1); a damaged padding is left on. */
function aesDecrypt(key: Buffer, data: Buffer): Buffer | undefined {
  if (data.length < 32 || data.length % 16 !== 0) return undefined;
  const decipher = createDecipheriv(key.length === 32 ? 'aes-256-cbc' : 'aes-128-cbc', key, data.subarray(0, 16));
  decipher.setAutoPadding(false);
  const plain = Buffer.concat([decipher.update(data.subarray(16)), decipher.final()]);
  const padding = plain.at(-1) ?? 0;
  return padding >= 1 && padding <= 16 ? plain.subarray(0, plain.length - padding) : plain;
}

/** RC4, which OpenSSL 3 no longer offers by default: a few lines. */
function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Uint8Array.from({ length: 256 }, (_, index) => index);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + (s[i] as number) + (key[i % key.length] as number)) & 0xff;
    [s[i], s[j]] = [s[j] as number, s[i] as number];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 0xff;
    j = (j + (s[i] as number)) & 0xff;
    [s[i], s[j]] = [s[j] as number, s[i] as number];
    out[n] = (data[n] as number) ^ (s[((s[i] as number) + (s[j] as number)) & 0xff] as number);
  }
  return out;
}
