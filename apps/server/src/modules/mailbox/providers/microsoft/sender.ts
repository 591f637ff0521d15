import { type EngineMessage, type ProviderSendClient, ProviderSendError } from '../provider';
import { GRAPH_SEND_LIMIT_BYTES, type GraphSendClient } from './graph-send';

/**
 * What a Microsoft mailbox can send (ADR 030): a message that fits one `sendMail` call, whose body is the whole
 * MIME in base64. A larger one would need a draft and an upload session, which need Mail.ReadWrite — consent to
 * read all of the person's mail, which Sira does not ask for.
 */
export const MICROSOFT_MAX_MIME_BYTES = Math.floor(GRAPH_SEND_LIMIT_BYTES / 4) * 3;

/**
 * Room kept for the rest of the message around the résumé: headers, the text and HTML bodies (a template of up
 * to 10,000 characters, each base64 and wrapped), the MIME boundaries. The real message is measured again
 * before it leaves (microsoftSender).
 */
const MESSAGE_ROOM_BYTES = 96 * 1024;

/** The MIME size of a PDF of `bytes` as an attachment: base64, wrapped at 76 characters with CRLF. */
const attachedSize = (bytes: number) => {
  const base64 = 4 * Math.ceil(bytes / 3);
  return base64 + 2 * Math.ceil(base64 / 76);
};

/** The largest résumé a Microsoft mailbox sends: about 2.1 MB, its base64 being base64-encoded again for Graph. */
export const MICROSOFT_MAX_RESUME_BYTES = (() => {
  let low = 0;
  let high = MICROSOFT_MAX_MIME_BYTES;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (attachedSize(mid) + MESSAGE_ROOM_BYTES <= MICROSOFT_MAX_MIME_BYTES) low = mid;
    else high = mid - 1;
  }
  return low;
})();

/** Whether a résumé of `bytes` can be sent from a Microsoft mailbox (checked when a send is scheduled). */
export function resumeFitsMicrosoft(bytes: number): boolean {
  return bytes <= MICROSOFT_MAX_RESUME_BYTES;
}

const mimeSize = (message: EngineMessage) => message.mime.reduce((n, part) => n + part.length, 0);

/**
 * The engine's view of Graph: one `sendMail` call per message. A message too large for it fails as permanent
 * before any call (scheduling refuses such a résumé already; this holds for a job scheduled otherwise), its
 * credit returned, and the mailbox is left alone.
 */
export function microsoftSender(client: GraphSendClient): ProviderSendClient {
  return {
    provider: 'microsoft',
    async send(access, message) {
      if (access.kind !== 'token') throw new Error('Microsoft Graph sends with an access token');
      const size = mimeSize(message);
      if (size > MICROSOFT_MAX_MIME_BYTES) {
        throw new ProviderSendError(
          'microsoft',
          'permanent',
          413,
          'message-too-large',
          `a ${size}-byte message does not fit one Graph sendMail call (at most ${MICROSOFT_MAX_MIME_BYTES} bytes of MIME)`,
        );
      }
      return client.sendMime(access.accessToken, message.mime);
    },
    close: () => client.close(),
  };
}
