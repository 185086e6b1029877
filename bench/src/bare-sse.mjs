/**
 * The reference of the tether fan-out bench (issue 17): a bare Node HTTP server of server-sent events that
 * sends `{ seq, at }` to every open stream every INTERVAL_MS, the same frame shape and the same rate as the
 * portal's price. No framework, no session, no database: what fanning out costs on this machine.
 */
import http from 'node:http';

const port = Number(process.env.PORT);
const interval = Number(process.env.INTERVAL_MS ?? 500);
const streams = new Set();
let seq = 0;

const server = http.createServer((req, res) => {
  if (req.url === '/health') {
    res.end('ok');
    return;
  }
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store' });
  res.write(
    `retry: 3000\n\nid: ${seq}\nevent: price\ndata: ${JSON.stringify({ seq, at: new Date().toISOString() })}\n\n`,
  );
  streams.add(res);
  req.on('close', () => streams.delete(res));
});
server.keepAliveTimeout = 0;
server.listen(port, '127.0.0.1');

setInterval(() => {
  seq += 1;
  const text = `id: ${seq}\nevent: price\ndata: ${JSON.stringify({ seq, at: new Date().toISOString() })}\n\n`;
  for (const s of streams) s.write(text);
}, interval);
