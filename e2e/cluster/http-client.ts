/** A user agent for the API: cookies kept per client, JSON in and out, redirects left to the caller. */
export class HttpClient {
  private readonly cookies = new Map<string, string>();

  constructor(readonly base: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(method: string, path: string, body?: unknown, init: RequestInit = {}): Promise<Response> {
    const url = /^https?:/.test(path) ? path : `${this.base}${path}`;
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', this.cookieHeader());
    let payload = init.body;
    if (body !== undefined && !(body instanceof FormData) && !(body instanceof URLSearchParams)) {
      headers.set('content-type', 'application/json');
      payload = JSON.stringify(body);
    } else if (body !== undefined) {
      payload = body as FormData | URLSearchParams;
    }
    const res = await fetch(url, { ...init, method, headers, body: payload, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    return res;
  }

  /** The same session on another server (the servers are stateless: any of them serves it). */
  on(base: string): HttpClient {
    const other = new HttpClient(base);
    for (const [name, value] of this.cookies) other.cookies.set(name, value);
    return other;
  }

  async json<T>(method: string, path: string, body?: unknown, expected = 200): Promise<T> {
    const res = await this.request(method, path, body);
    const text = await res.text();
    if (res.status !== expected) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
}
