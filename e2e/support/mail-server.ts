/**
 * A real SMTP peer for the journeys: accepts every message on SMTP_PORT and serves what it received
 * over HTTP (GET /messages?to=address) so tests can read the emailed codes.
 */
import http from 'node:http';
import { SMTPServer } from 'smtp-server';

interface Received {
  to: string[];
  raw: string;
  receivedAt: number;
}
const messages: Received[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      messages.push({
        to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        raw: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      });
      callback();
    });
  },
});
smtp.listen(Number(process.env.SMTP_PORT || 2525), '127.0.0.1');

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/health') return res.end('ok');
    if (url.pathname === '/messages') {
      const to = (url.searchParams.get('to') ?? '').toLowerCase();
      res.setHeader('content-type', 'application/json');
      return res.end(JSON.stringify(messages.filter((m) => !to || m.to.includes(to))));
    }
    res.statusCode = 404;
    res.end();
  })
  .listen(Number(process.env.MAIL_HTTP_PORT || 2526), '127.0.0.1');
