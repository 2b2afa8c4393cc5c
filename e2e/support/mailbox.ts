import { expect } from '@playwright/test';
import type { StoredMessage } from './mailbox-server';

const port = Number(process.env.E2E_PORT ?? 3210);
/** The SMTP port the e2e server sends to (playwright.config.ts sets SMTP_URL to it). */
export const SMTP_PORT = port + 1000;
/** Where the mailbox stand-in (support/mailbox-server.ts) answers what it received. */
export const MAILBOX_HTTP_PORT = port + 3000;

export type { StoredMessage };

/** The messages the mailbox stand-in holds for `address`, oldest first. */
export async function messagesFor(address: string): Promise<StoredMessage[]> {
  const res = await fetch(`http://127.0.0.1:${MAILBOX_HTTP_PORT}/messages?to=${encodeURIComponent(address)}`);
  return (await res.json()) as StoredMessage[];
}

/** Waits until a message to `address` satisfies `match`, and returns it. */
export async function waitForMessage(address: string, match: (m: StoredMessage) => boolean): Promise<StoredMessage> {
  let found: StoredMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await messagesFor(address)).find(match);
        return found !== undefined;
      },
      { message: `an e-mail to ${address}`, timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

/** Waits for a reset e-mail to `address` and returns the path of its link. */
export async function resetLinkFor(address: string): Promise<string> {
  const msg = await waitForMessage(address, (m) => /\/logging\/restaurarcontraseña\?/.test(m.text));
  return msg.text.match(/https?:\/\/[^\s"<>]*?(\/logging\/restaurarcontraseña\?[A-Za-z0-9_-]+)/)![1]!;
}
