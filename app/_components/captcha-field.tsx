import { currentNonce } from '@/lib/site/brand-context';

/**
 * The ALTCHA widget, served by this site (/altcha/…). It fetches a challenge from the
 * site's account API, solves it in a worker and puts the base64 payload in the hidden
 * field `g-captcha-response` of the form.
 */
export async function CaptchaField() {
  const nonce = await currentNonce();
  return (
    <div className="captcha">
      <link rel="stylesheet" href="/altcha/altcha.css" />
      <script type="module" src="/altcha/setup.js" nonce={nonce} async />
      <altcha-widget challenge="/api/account/v1/captcha/challenge" name="g-captcha-response" language="pt-br" hidelogo="" />
      <noscript>
        <p className="notice">A verificação anti-robô precisa de JavaScript: é o único passo deste formulário que depende dele.</p>
      </noscript>
    </div>
  );
}
