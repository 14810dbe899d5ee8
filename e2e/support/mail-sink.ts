import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type SunkMail = { to: string[]; raw: string; text: string; subject: string };

/** Undoes quoted-printable (soft breaks, =XX bytes) as nodemailer writes it. */
function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function textOf(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const subjectLine = /^Subject: (.*(?:\r\n[ \t].*)*)/im.exec(head)?.[1] ?? '';
  const subject = subjectLine.replace(/\r\n[ \t]/g, ' ').replace(/=\?utf-8\?Q\?([^?]*)\?=/gi, (_, q: string) => decodeQuotedPrintable(q.replace(/_/g, ' '))).replace(/\?=\s+=\?/g, '');
  const qp = /Content-Transfer-Encoding: quoted-printable/i.test(head);
  const b64 = /Content-Transfer-Encoding: base64/i.test(head);
  const text = qp ? decodeQuotedPrintable(body) : b64 ? Buffer.from(body, 'base64').toString('utf8') : body;
  return { subject, text };
}

export type MailSink = {
  url: string;
  mails: SunkMail[];
  waitFor: (to: string, match?: RegExp, timeoutMs?: number) => Promise<SunkMail>;
  /** Each reply of the server (greeting, sender, recipient, end of data) waits this long from now on: a slow SMTP server. */
  delayReplies: (ms: number) => void;
  close: () => Promise<void>;
};

/** An SMTP server inside the test process that keeps every message it receives. */
export async function startMailSink(port = 0): Promise<MailSink> {
  const mails: SunkMail[] = [];
  let replyDelayMs = 0;
  const later = (callback: () => void) => (replyDelayMs > 0 ? void setTimeout(callback, replyDelayMs) : callback());
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      later(() => callback());
    },
    onMailFrom(_address, _session, callback) {
      later(() => callback());
    },
    onRcptTo(_address, _session, callback) {
      later(() => callback());
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('latin1');
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw, ...textOf(raw) });
        later(() => callback());
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;
  const waitFor = async (to: string, match: RegExp = /./, timeoutMs = 10_000) => {
    // The mail leaves the server's outbox right after the answer that writes it; the deadline only bounds a mail that never comes, at many times a loaded machine's SMTP round trip (well under a second).
    const deadline = Date.now() + timeoutMs;
    const seen = new Set<SunkMail>();
    for (;;) {
      const found = mails.find((m) => !seen.has(m) && m.to.includes(to.toLowerCase()) && match.test(m.text));
      if (found) {
        mails.splice(mails.indexOf(found), 1);
        return found;
      }
      if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${match}; have ${mails.map((m) => m.to.join(',') + ': ' + m.subject).join(' | ')}`);
      // A poll interval, not a bound.
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return {
    url: `smtp://127.0.0.1:${bound}`,
    mails,
    waitFor,
    delayReplies: (ms) => void (replyDelayMs = ms),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
