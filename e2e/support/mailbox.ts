import { SMTPServer } from 'smtp-server';

/** The SMTP port the e2e server sends to (playwright.config.ts sets SMTP_URL to it). */
export const SMTP_PORT = Number(process.env.E2E_PORT ?? 3210) + 1000;

/** A real SMTP server on loopback that keeps what the app sends, for journeys that follow e-mailed links. */
export class Mailbox {
  private readonly messages: { to: string[]; raw: string }[] = [];
  private server?: SMTPServer;

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          this.messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(SMTP_PORT, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  async stop(): Promise<void> {
    const s = this.server;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  /** Waits for a message to `address` and returns the path of the reset link in it. */
  async resetLinkFor(address: string, timeoutMs = 20_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const msg = this.messages.filter((m) => m.to.includes(address)).at(-1);
      if (msg) {
        const text = msg.raw.replace(/=\r?\n/g, '');
        const m = text.match(/https?:\/\/[^\s"<>]*?(\/logging\/restaurarcontrase(?:ña|=C3=B1a|%C3%B1a)\?[A-Za-z0-9_-]+)/);
        if (m) return m[1]!.replace('=C3=B1', 'ñ');
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`no reset e-mail for ${address}`);
  }
}
