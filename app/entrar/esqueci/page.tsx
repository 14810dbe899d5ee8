import type { Metadata } from 'next';
import { CaptchaField } from '@/lib/pages/components/captcha-field';
import { messageFor } from '@/lib/site/account-forms';
import { CheckYourMail, EmailField, FormError, firstValue, type AccountPageProps } from '@/lib/pages/components/account-page';

export const metadata: Metadata = { title: 'Esqueci minha senha', robots: { index: false } };

// "Esqueci minha senha": the address and the CAPTCHA; a reset link goes to the address if
// it has an account (the page says the same either way).
export default async function ForgotPage({ searchParams }: AccountPageProps) {
  const q = await searchParams;
  if (firstValue(q.enviado) === '1') {
    return <CheckYourMail>Se este endereço tiver uma conta, enviamos para ele um link para escolher uma nova senha. O link vale por 1 hora e para um único uso.</CheckYourMail>;
  }
  return (
    <div className="account">
      <h1>Esqueci minha senha</h1>
      <FormError message={messageFor(firstValue(q.erro))} />
      <p>Informe o e-mail da sua conta. Enviaremos um link para você escolher uma nova senha.</p>
      <form method="post" action="/entrar/esqueci/enviar" className="account-form">
        <EmailField />
        <CaptchaField />
        <button className="button" type="submit">
          Enviar link
        </button>
      </form>
      <p>
        Lembrou? <a href="/entrar">Entrar</a>
      </p>
    </div>
  );
}
