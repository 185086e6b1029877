import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface S3Call {
  method: string;
  bucket: string;
  key: string;
  accessKeyId: string;
}

const sha256Hex = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const hmac = (key: Buffer | string, s: string) => createHmac('sha256', key).update(s).digest();
/** RFC 3986 encoding, as SigV4 wants it in the canonical query string. */
const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function xmlError(res: ServerResponse, status: number, code: string, message: string, resource = '') {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message>` +
      `<Resource>${resource}</Resource><RequestId>double-${Date.now()}</RequestId></Error>`,
  );
}

/**
 * Checks a request's AWS Signature V4 (`Authorization: AWS4-HMAC-SHA256 Credential=…, SignedHeaders=…,
 * Signature=…`) the way S3 does: the canonical request from the method, path, sorted query, signed
 * headers and payload hash; the string to sign; the signing key derived from the secret. Answers the
 * S3 error code, or null when the signature is right.
 */
function verifySigV4(
  req: IncomingMessage,
  body: Buffer,
  creds: { accessKeyId: string; secretAccessKey: string; region: string },
): { code: string; accessKeyId: string } | null {
  const auth = req.headers.authorization ?? '';
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m) return { code: 'AccessDenied', accessKeyId: '' };
  const [, accessKeyId, date, region, signedHeaders, signature] = m as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (accessKeyId !== creds.accessKeyId) return { code: 'InvalidAccessKeyId', accessKeyId };
  if (region !== creds.region) return { code: 'AuthorizationHeaderMalformed', accessKeyId };
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(date)) return { code: 'AccessDenied', accessKeyId };
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(body)) {
    return { code: 'XAmzContentSHA256Mismatch', accessKeyId };
  }
  const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split('?');
  const query = rawQuery
    .split('&')
    .filter(Boolean)
    .map((p) => {
      const [k = '', v = ''] = p.split('=');
      return [encode(decodeURIComponent(k)), encode(decodeURIComponent(v.replace(/\+/g, ' ')))] as const;
    })
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const names = signedHeaders.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date')) return { code: 'AccessDenied', accessKeyId };
  const headers = names
    .map((n) => {
      const v = req.headers[n];
      return `${n}:${(Array.isArray(v) ? v.join(',') : (v ?? '')).trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonical = [req.method, rawPath, query, headers, signedHeaders, payloadHash].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${creds.secretAccessKey}`, date), region), 's3'), 'aws4_request');
  const expected = createHmac('sha256', key).update(toSign).digest('hex');
  return expected === signature ? null : { code: 'SignatureDoesNotMatch', accessKeyId };
}

/**
 * A local server that speaks enough of the S3 REST protocol for the storage adapter: path-style
 * `PUT`, `GET` (with a single `Range`) and `DELETE` of `/bucket/key`, XML errors (`NoSuchKey`,
 * `NoSuchBucket`, `SignatureDoesNotMatch`…), and every request must carry a valid AWS Signature V4
 * for the configured access key.
 */
export async function startS3Double(opts: {
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region?: string;
}) {
  const region = opts.region ?? 'us-east-1';
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const calls: S3Call[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
      const [, bucket = '', ...rest] = path.split('/');
      const key = rest.join('/');
      const bad = verifySigV4(req, body, {
        accessKeyId: opts.accessKeyId,
        secretAccessKey: opts.secretAccessKey,
        region,
      });
      calls.push({ method: req.method ?? '', bucket, key, accessKeyId: bad?.accessKeyId ?? opts.accessKeyId });
      if (bad) return xmlError(res, 403, bad.code, 'The request signature we calculated does not match', path);
      if (bucket !== opts.bucket)
        return xmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist', path);
      if (!key) return xmlError(res, 400, 'InvalidRequest', 'A key is required', path);
      const id = `${bucket}/${key}`;
      if (req.method === 'PUT') {
        objects.set(id, { body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream') });
        res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
        return res.end();
      }
      if (req.method === 'DELETE') {
        objects.delete(id);
        res.writeHead(204);
        return res.end();
      }
      if (req.method === 'GET') {
        const obj = objects.get(id);
        if (!obj) return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.', path);
        const size = obj.body.length;
        const r = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''));
        if (r) {
          const start = Number(r[1]);
          const end = Math.min(r[2] ? Number(r[2]) : size - 1, size - 1);
          if (start >= size) return xmlError(res, 416, 'InvalidRange', 'The requested range is not satisfiable', path);
          res.writeHead(206, {
            'content-type': obj.contentType,
            'content-length': String(end - start + 1),
            'content-range': `bytes ${start}-${end}/${size}`,
            'accept-ranges': 'bytes',
          });
          return res.end(obj.body.subarray(start, end + 1));
        }
        res.writeHead(200, {
          'content-type': obj.contentType,
          'content-length': String(size),
          'accept-ranges': 'bytes',
          etag: `"${createHash('md5').update(obj.body).digest('hex')}"`,
        });
        return res.end(obj.body);
      }
      return xmlError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed', path);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    region,
    calls,
    objects,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
