import { afterEach, describe, expect, test, vi } from 'vitest';
import { demoRegistry } from '../brand/registry';
import { sendMail } from './mail';
import { verificationMail } from './messages';

describe('e-mail without SMTP_URL (the demo)', () => {
  afterEach(() => vi.restoreAllMocks());

  test('the whole message is printed to the log, link included', async () => {
    const printed: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
    const aurora = demoRegistry(3000).brands[0]!;
    await sendMail(verificationMail(aurora, 'ana@example.com', 'S3cr3tL1nk', 'sign-up'));
    const out = printed.join('\n');
    expect(out).toContain('To: ana@example.com');
    expect(out).toContain('Subject: Aurora Ingressos: confirme seu e-mail');
    expect(out).toContain('http://aurora.localhost:3000/cadastro/confirmar?token=S3cr3tL1nk');
  });
});
