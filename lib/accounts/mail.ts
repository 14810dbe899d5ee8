import nodemailer, { type Transporter } from 'nodemailer';
import { config } from '../config';
import { processShared } from '../process-shared';

export type Mail = { to: string; subject: string; text: string; from: string };

/** Delivers one message, or rejects when the SMTP server refuses it or cannot be reached. */
export type Deliver = (mail: Mail) => Promise<void>;

// Bounds on one delivery, well within the outbox's claim on a row (CLAIM_S in outbox.ts):
// a hung server fails the attempt, and the row is retried later.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** A delivery through the SMTP server at `url`. */
export function smtpDelivery(url: string): Deliver {
  const transport: Transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS } as Parameters<typeof nodemailer.createTransport>[0]);
  return async (mail) => {
    await transport.sendMail({ from: mail.from, to: mail.to, subject: mail.subject, text: mail.text });
  };
}

/**
 * The demo's delivery (SMTP_URL unset): the whole message is printed to the server's log
 * so that a person running the demo can follow its link.
 */
export const printDelivery: Deliver = async (mail) => {
  console.log(`[mail] (SMTP_URL unset: printed instead of sent)\nFrom: ${mail.from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n[mail] end of message`);
};

const state = processShared('account-mail', () => ({ deliver: undefined as Deliver | undefined }));

/** Sends one message through SMTP_URL, or prints it without one; rejects on a failed send (the outbox retries). */
export function sendMail(mail: Mail): Promise<void> {
  if (!state.deliver) {
    const url = config().accounts.smtpUrl;
    state.deliver = url ? smtpDelivery(url) : printDelivery;
  }
  return state.deliver(mail);
}

/** The sender of a brand's messages: MAIL_FROM, else no-reply at the brand's site host. */
export function senderFor(brandName: string, siteUrl: string): string {
  const from = config().accounts.mailFrom;
  if (from) return from;
  const host = new URL(siteUrl).hostname;
  return `"${brandName.replace(/"/g, '')}" <no-reply@${host}>`;
}
