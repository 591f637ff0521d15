import { vi } from 'vitest';

/** What one upload sent: the method, the address and the form's fields. */
export interface SentUpload {
  method: string;
  url: string;
  form: FormData;
}

/**
 * Stands in for the server behind XMLHttpRequest, which uploads use for their progress: every request is sent
 * whole at once, then answered with `lines` as newline-delimited JSON (the answer streams of imports) or with a
 * JSON body and its status. Returns the uploads sent.
 */
export function stubUpload(answer: { lines: unknown[] } | { status: number; body: unknown }) {
  const sent: SentUpload[] = [];
  class FakeRequest {
    upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
    onprogress: (() => void) | null = null;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    status = 0;
    responseText = '';
    private method = '';
    private url = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    getResponseHeader(name: string) {
      if (name.toLowerCase() !== 'content-type') return null;
      return 'lines' in answer ? 'application/x-ndjson' : 'application/json';
    }
    send(form: FormData) {
      sent.push({ method: this.method, url: this.url, form });
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 });
        this.status = 'lines' in answer ? 200 : answer.status;
        this.responseText =
          'lines' in answer ? answer.lines.map((line) => `${JSON.stringify(line)}\n`).join('') : JSON.stringify(answer.body);
        this.onprogress?.();
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return sent;
}
