import nodemailer, { type Transporter } from 'nodemailer';
import { config } from '../config';
import { processShared } from '../process-shared';

export type Mail = { to: string; subject: string; text: string; from: string };

const state = processShared('account-mail', () => ({ transport: undefined as Transporter | undefined | null }));

function transport(): Transporter | null {
  if (state.transport === undefined) {
    const url = config().accounts.smtpUrl;
    state.transport = url ? nodemailer.createTransport(url) : null;
  }
  return state.transport;
}

/**
 * Sends one message through SMTP_URL. Without it (the demo), the whole message is printed
 * to the server's log so that a person running the demo can follow its link. A failure
 * to send is logged, never shown to the client (answers must not depend on it).
 */
export async function sendMail(mail: Mail): Promise<void> {
  const t = transport();
  if (!t) {
    console.log(`[mail] (SMTP_URL unset: printed instead of sent)\nFrom: ${mail.from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n[mail] end of message`);
    return;
  }
  try {
    await t.sendMail({ from: mail.from, to: mail.to, subject: mail.subject, text: mail.text });
  } catch (err) {
    console.error(`[mail] sending to the SMTP server failed: ${(err as Error).message}`);
  }
}

/** The sender of a brand's messages: MAIL_FROM, else no-reply at the brand's site host. */
export function senderFor(brandName: string, siteUrl: string): string {
  const from = config().accounts.mailFrom;
  if (from) return from;
  const host = new URL(siteUrl).hostname;
  return `"${brandName.replace(/"/g, '')}" <no-reply@${host}>`;
}
