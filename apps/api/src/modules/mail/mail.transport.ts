import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface OutgoingMail {
  /** Stable per outbox row, so a retried message is recognisable as the same one. */
  messageId: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
}

/** Delivers one message or throws; the outbox worker handles retries. */
export interface MailTransport {
  send(mail: OutgoingMail, log: FastifyBaseLogger): Promise<void>;
}

/** SMTP through nodemailer, with short timeouts so a dead server does not hold a claimed row for long. */
export class SmtpTransport implements MailTransport {
  private readonly transporter;
  constructor(url: string) {
    this.transporter = nodemailer.createTransport({
      url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    } as nodemailer.TransportOptions);
  }
  async send(mail: OutgoingMail): Promise<void> {
    await this.transporter.sendMail({
      messageId: mail.messageId,
      from: mail.from,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      ...(mail.headers ? { headers: mail.headers } : {}),
    });
  }
}

/** Without SMTP_URL: the message goes to the log, so a local install still shows reset links. */
export class LogTransport implements MailTransport {
  async send(mail: OutgoingMail, log: FastifyBaseLogger): Promise<void> {
    log.info({ mail: { messageId: mail.messageId, to: mail.to, subject: mail.subject } }, `e-mail (SMTP_URL not set):\n${mail.text}`);
  }
}

/**
 * A permanent failure: the SMTP server refused this message with a 5xx reply (unknown mailbox,
 * rejected content). Everything else (connection refused, timeouts, 4xx "try later", and a
 * refused login, which an operator fixes in the configuration) is transient and retried.
 */
export function isPermanentMailError(err: unknown): boolean {
  const e = err as { responseCode?: unknown; code?: unknown } | null;
  if (!e || typeof e.responseCode !== 'number') return false;
  return e.responseCode >= 500 && e.responseCode < 600 && e.code !== 'EAUTH';
}

export function createMailTransport(smtpUrl: string | undefined): MailTransport {
  return smtpUrl ? new SmtpTransport(smtpUrl) : new LogTransport();
}
