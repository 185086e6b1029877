/** A base only for reading the scheme of a relative address (never part of a result). */
const NO_ORIGIN = 'https://portal.invalid';

/**
 * An address an operator wrote (a fund's document, an announcement's report) as a link may open it: web
 * addresses only (`http:`, `https:`, or one on this site, kept relative); anything else (`javascript:`,
 * `data:`, a broken address) is `null`. The same on the server and in the browser (decision 027): it reads
 * nothing of the page's own address.
 */
export function safeUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url, NO_ORIGIN);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
    return u.origin === NO_ORIGIN ? `${u.pathname}${u.search}${u.hash}` : u.href;
  } catch {
    return null;
  }
}
