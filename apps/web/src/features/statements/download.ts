import { errorBodySchema } from '@portal/contract/core/errors';
import { ApiError } from '@/lib/api-error';

export { holdingsCertificateUrl, receiptUrl, statementUrl } from '@portal/contract/wallet/statements';

/** The file name a `Content-Disposition: attachment; filename="…"` gives, else `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const m = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return m?.[1] ?? fallback;
}

/**
 * Downloads a file the API makes (a statement, a certificate, a receipt) with the session's cookie, and
 * saves it under the name the server gives. A refusal comes back as the API's error (`ApiError`), for the
 * dialog to say in words; nothing is saved then.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'same-origin', redirect: 'manual' });
  } catch (e) {
    throw new ApiError(0, 'NETWORK', e instanceof Error ? e.message : 'network error');
  }
  if (!res.ok) {
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      json = undefined;
    }
    const parsed = errorBodySchema.safeParse(json);
    if (parsed.success) throw new ApiError(res.status, parsed.data.code, parsed.data.message, parsed.data.details);
    throw new ApiError(res.status, 'UNKNOWN', `HTTP ${res.status}`);
  }
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileNameOf(res.headers.get('content-disposition'), fallbackName);
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
