// temp experiment: Lighthouse through a gzip proxy (what-if the server compressed). Not committed.
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { startPortal } from './api-throughput';
import { measureFundPage } from './fund-page';
const portal = await startPortal('warn');
const target = new URL(portal.baseUrl);
const proxy = http.createServer((req, res) => {
  const up = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host } }, (ur) => {
    const chunks: Buffer[] = [];
    ur.on('data', (c: Buffer) => chunks.push(c));
    ur.on('end', () => {
      let body = Buffer.concat(chunks);
      const headers = { ...ur.headers };
      const type = String(headers['content-type'] ?? '');
      if (/javascript|css|html|json|svg/.test(type) && /gzip/.test(String(req.headers['accept-encoding'] ?? '')) && !headers['content-encoding']) {
        body = gzipSync(body, { level: 9 });
        headers['content-encoding'] = 'gzip';
        delete headers['transfer-encoding'];
        headers['content-length'] = String(body.length);
      }
      res.writeHead(ur.statusCode ?? 500, headers);
      res.end(body);
    });
  });
  req.pipe(up);
});
await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', () => r()));
const pport = (proxy.address() as { port: number }).port;
try {
  const r = await measureFundPage({ ...portal, baseUrl: `http://127.0.0.1:${pport}` }, '/usr/bin/chromium', { runs: Number(process.env.RUNS ?? 3) });
  console.log(JSON.stringify({ page: r.lighthouse.page.median, auth: r.lighthouse.authPage.median, opp: r.lighthouse.page.opportunities }, null, 1));
} finally { proxy.close(); await portal.stop(); process.exit(0); }
