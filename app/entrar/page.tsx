import type { Metadata } from 'next';
import { CaptchaField } from '@/lib/pages/components/captcha-field';
import { messageFor, safeNext, saveIntent } from '@/lib/site/account-forms';
import { EmailField, FormError, firstValue, recalled, type AccountPageProps } from '@/lib/pages/components/account-page';

export const metadata: Metadata = { title: 'Entrar', robots: { index: false } };

// Sign in: e-mail, password and the CAPTCHA; then, with two-step verification, the code.
export default async function SignInPage({ searchParams }: AccountPageProps) {
  const q = await searchParams;
  const next = safeNext(firstValue(q.next));
  const error = messageFor(firstValue(q.erro));
  const codeStep = firstValue(q.etapa) === 'codigo';
  // The event of a "Salvar" tapped before signing in: saved once signed in (lib/site/account-actions.ts).
  const save = saveIntent(firstValue(q.salvar));
  // The e-mail typed before a refusal, or the one just confirmed.
  const typed = error || firstValue(q.confirmado) === '1' ? await recalled('entrar') : {};
  return (
    <div className="account">
      <h1>Entrar</h1>
      {firstValue(q.confirmado) === '1' && <p role="status" className="ok">E-mail confirmado. Agora é só entrar.</p>}
      {firstValue(q.redefinida) === '1' && <p role="status" className="ok">Senha alterada. Entre com a nova senha.</p>}
      {save && !error && (
        <p role="status" className="notice">
          Entre na sua conta para salvar o evento. Depois, você volta para a página dele.
        </p>
      )}
      <FormError message={error} />
      {codeStep ? (
        <form method="post" action="/entrar/codigo" className="account-form">
          <p>Enviamos um código de 6 dígitos para o seu e-mail. Ele vale por 10 minutos.</p>
          <input type="hidden" name="next" value={next} />
          {save && <input type="hidden" name="salvar" value={save} />}
          <label>
            Código de verificação
            <input name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} required />
          </label>
          <button className="button" type="submit">
            Confirmar
          </button>
        </form>
      ) : (
        <form method="post" action="/entrar/enviar" className="account-form">
          <input type="hidden" name="next" value={next} />
          {save && <input type="hidden" name="salvar" value={save} />}
          <EmailField value={typed.email} />
          <label>
            Senha
            <input type="password" name="password" autoComplete="current-password" required maxLength={512} />
          </label>
          <CaptchaField again={error !== null} />
          <button className="button" type="submit">
            Entrar
          </button>
        </form>
      )}
      {!codeStep && (
        <p>
          <a href="/entrar/esqueci">Esqueci minha senha</a>
        </p>
      )}
      <p>
        Ainda não tem conta? <a href="/cadastro">Criar conta</a>
      </p>
    </div>
  );
}
