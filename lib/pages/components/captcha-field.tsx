import { currentNonce } from '@/lib/site/brand-context';

/**
 * The widget's element, written as HTML: React renders it once and never hydrates what the
 * widget draws inside it. `auto="onload"` has it fetch and solve its challenge as soon as
 * the page loads, without a tap.
 */
const widget = (onLoad: boolean) =>
  `<altcha-widget challenge="/api/account/v1/captcha/challenge" name="g-captcha-response" language="pt-br" hidelogo${onLoad ? ' auto="onload"' : ''}></altcha-widget>`;

/**
 * The ALTCHA widget, served by this site (/altcha/…). It fetches a challenge from the
 * site's account API, solves it in a worker and puts the base64 payload in the hidden
 * field `g-captcha-response` of the form.
 *
 * The widget draws its own markup inside its element as soon as its script runs, which
 * may be before React hydrates the page: were the element part of React's tree, React
 * would find children it did not render and fail hydration (error #418) on some loads.
 * Inside `dangerouslySetInnerHTML` it is HTML React leaves alone.
 *
 * `solved`: a challenge already solved and not yet spent (a sign-up refused before its
 * CAPTCHA was checked, lib/site/account-actions.ts) goes back as the field itself.
 *
 * `again`: the form was just refused after its challenge was spent (a wrong password at
 * sign-in: each guess costs one). The new widget solves a new challenge on its own while
 * the person types again, so a new proof is ready when they send, without a second tap.
 */
export async function CaptchaField({ solved, again = false }: { solved?: string; again?: boolean } = {}) {
  if (solved) {
    return (
      <div className="captcha">
        <input type="hidden" name="g-captcha-response" value={solved} />
        <p className="notice">Verificação anti-robô já concluída.</p>
      </div>
    );
  }
  const nonce = await currentNonce();
  return (
    <div className="captcha">
      <link rel="stylesheet" href="/altcha/altcha.css" />
      <script type="module" src="/altcha/setup.js" nonce={nonce} async />
      <div dangerouslySetInnerHTML={{ __html: widget(again) }} />
      <noscript>
        <p className="notice">A verificação anti-robô precisa de JavaScript: é o único passo deste formulário que depende dele.</p>
      </noscript>
    </div>
  );
}
