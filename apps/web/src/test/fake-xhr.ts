/**
 * A stand-in for the browser's XMLHttpRequest (the uploads use it for their progress): it records
 * each request and the test plays the server, by hand (`progress`, `respond`) or with `FakeXhr.server`,
 * which answers every request sent after a tick.
 */
export class FakeXhr {
  static requests: FakeXhr[] = [];
  static server: ((request: FakeXhr) => void) | null = null;

  static get last(): FakeXhr | null {
    return FakeXhr.requests.at(-1) ?? null;
  }
  static reset(): void {
    FakeXhr.requests = [];
    FakeXhr.server = null;
  }

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.requests.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
    const server = FakeXhr.server;
    if (server) setTimeout(() => server(this), 0);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  /** The server's side: bytes received, then the answer. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}
