// reCAPTCHA, hCaptcha and Turnstile share one protocol: POST secret, response and the
// client's address as a form to the provider's verify endpoint, read `success`.
export type RemoteProvider = 'recaptcha' | 'hcaptcha' | 'turnstile';

export const VERIFY_URLS: Record<RemoteProvider, string> = {
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
};

export type RemoteOutcome = 'ok' | 'refused' | 'unavailable';

export async function verifyRemote(options: {
  provider: RemoteProvider;
  secret: string;
  response: string;
  remoteIp?: string;
  siteKey?: string;
  verifyUrl?: string;
  timeoutMs?: number;
}): Promise<RemoteOutcome> {
  if (options.response.length > 8_192) return 'refused';
  const form = new URLSearchParams({ secret: options.secret, response: options.response });
  if (options.remoteIp && options.remoteIp !== 'unknown') form.set('remoteip', options.remoteIp);
  if (options.siteKey && options.provider === 'hcaptcha') form.set('sitekey', options.siteKey);
  try {
    const res = await fetch(options.verifyUrl ?? VERIFY_URLS[options.provider], {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form,
      signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
    });
    if (!res.ok) return 'unavailable';
    const body = (await res.json()) as { success?: unknown };
    return body.success === true ? 'ok' : 'refused';
  } catch {
    return 'unavailable';
  }
}
