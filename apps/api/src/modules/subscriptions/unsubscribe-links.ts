import type { LinkSigner } from '../../lib/signing.ts';

/** What an unsubscribe token is signed for (its payload is the user's id). */
export const UNSUBSCRIBE_PURPOSE = 'unsubscribe';

export interface UnsubscribeLinks {
  /** The RFC 8058 one-click address: a POST there (no session) ends the subscription. */
  oneClick: string;
  /** The page a person opens from the e-mail's text; it asks before unsubscribing. */
  page: string;
  /** List-Unsubscribe and List-Unsubscribe-Post, for the outbox row. */
  headers: Record<string, string>;
}

export function unsubscribeToken(signer: LinkSigner, userId: number): string {
  return signer.sign(UNSUBSCRIBE_PURPOSE, String(userId));
}

/** The user id a token was signed for, or null when it is malformed or forged. */
export function userIdFromUnsubscribeToken(signer: LinkSigner, token: string): number | null {
  const payload = signer.verify(UNSUBSCRIBE_PURPOSE, token);
  if (payload === null || !/^[1-9]\d{0,9}$/.test(payload)) return null;
  const id = Number(payload);
  return id < 2 ** 31 ? id : null;
}

export function unsubscribeLinks(signer: LinkSigner, publicUrl: string, userId: number): UnsubscribeLinks {
  const token = encodeURIComponent(unsubscribeToken(signer, userId));
  const oneClick = `${publicUrl}/api/subscriptions/unsubscribe?token=${token}`;
  return {
    oneClick,
    page: `${publicUrl}/desuscribir?token=${token}`,
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
