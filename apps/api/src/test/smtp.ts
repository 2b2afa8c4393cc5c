import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** An SMTP reply the stand-in gives instead of accepting (4xx: try later, 5xx: refused for good). */
export interface SmtpRejection {
  code: number;
  message?: string;
}

/** A real SMTP server on loopback that keeps what it receives; restartable on the same port. */
export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  private server?: SMTPServer;
  port = 0;
  /** While set, every recipient is refused with this reply. */
  reject: SmtpRejection | null = null;
  private holds: { arrived: () => void; released: Promise<void> }[] = [];

  /**
   * Holds the next message's DATA until release() (a slow server): `arrived` resolves once the
   * message is being received, so a test can act while a worker is mid-send.
   */
  holdNext(): { arrived: Promise<void>; release: () => void } {
    let arrived!: () => void;
    let release!: () => void;
    const arrivedP = new Promise<void>((r) => (arrived = r));
    const released = new Promise<void>((r) => (release = r));
    this.holds.push({ arrived, released });
    return { arrived: arrivedP, release };
  }

  async start(port = this.port): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (_address, _session, callback) => {
        if (!this.reject) return callback();
        const err = new Error(this.reject.message ?? `Rejected with ${this.reject.code}`) as Error & { responseCode: number };
        err.responseCode = this.reject.code;
        callback(err);
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        const hold = this.holds.shift();
        hold?.arrived();
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          void (hold?.released ?? Promise.resolve()).then(() => {
            this.received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
            callback();
          });
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.server.address() as { port: number }).port;
    return this;
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = undefined;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  to(address: string): ReceivedMail[] {
    return this.received.filter((m) => m.to.includes(address));
  }
}

/** The reset link inside a received message (quoted-printable soft breaks undone). */
export function extractResetToken(raw: string): string | null {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const m = text.match(/restaurarcontrase(?:ña|=C3=B1a|%C3%B1a)\?([A-Za-z0-9_-]+)/);
  return m ? m[1]! : null;
}
