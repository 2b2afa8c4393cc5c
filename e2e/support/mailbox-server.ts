// The journeys' mailbox: a real SMTP server on loopback that keeps every message the product
// sends, and a small HTTP API over it (GET /messages?to=…), so journeys running in parallel
// workers all read the same mailbox.
import http from 'node:http';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export interface StoredMessage {
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

const [smtpPort, httpPort] = process.argv.slice(2).map(Number);
const messages: StoredMessage[] = [];

new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData: (stream, session, callback) => {
    simpleParser(stream)
      .then((mail) => {
        const headers: Record<string, string> = {};
        for (const line of mail.headerLines) headers[line.key] = line.line.slice(line.line.indexOf(':') + 1).trim();
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          headers,
        });
        callback();
      })
      .catch(callback);
  },
}).listen(smtpPort, '127.0.0.1');

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    res.setHeader('content-type', 'application/json');
    if (url.pathname !== '/messages') {
      res.statusCode = 404;
      return res.end('[]');
    }
    const to = url.searchParams.get('to');
    res.end(JSON.stringify(to ? messages.filter((m) => m.to.includes(to)) : messages));
  })
  .listen(httpPort, '127.0.0.1');
