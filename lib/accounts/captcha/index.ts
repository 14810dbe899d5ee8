import { config } from '../../config';
import type { Queryable } from '../../db/types';
import { verifyAltcha } from './altcha';
import { verifyRemote } from './remote';

export type CaptchaOutcome = 'ok' | 'missing' | 'invalid' | 'unavailable';

/** Checks a `g-captcha-response` with the verifier chosen by CAPTCHA_PROVIDER. */
export async function verifyCaptcha(db: Queryable, brandId: string, response: unknown, remoteIp: string): Promise<CaptchaOutcome> {
  if (typeof response !== 'string' || response.trim() === '') return 'missing';
  const c = config().accounts.captcha;
  if (c.provider === 'altcha') return (await verifyAltcha(db, brandId, response)) === 'ok' ? 'ok' : 'invalid';
  if (!c.secret) {
    console.error(`[captcha] CAPTCHA_PROVIDER=${c.provider} needs CAPTCHA_SECRET`);
    return 'unavailable';
  }
  const outcome = await verifyRemote({ provider: c.provider, secret: c.secret, response, remoteIp, siteKey: c.siteKey, verifyUrl: c.verifyUrl });
  return outcome === 'refused' ? 'invalid' : outcome;
}
