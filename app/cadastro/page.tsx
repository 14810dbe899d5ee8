import type { Metadata } from 'next';
import { CaptchaField } from '@/app/_components/captcha-field';
import { messageFor } from '@/lib/site/account-forms';
import { CheckYourMail, EmailField, FormError, firstValue, type AccountPageProps } from '@/app/_components/account-page';

export const metadata: Metadata = { title: 'Criar conta', robots: { index: false } };

// Create an account: name, e-mail, password (NIST rules) and the CAPTCHA.
export default async function SignUpPage({ searchParams }: AccountPageProps) {
  const q = await searchParams;
  const error = messageFor(firstValue(q.erro));
  if (firstValue(q.enviado) === '1') {
    return <CheckYourMail>Se este endereço puder ter uma conta nova, enviamos para ele um link de confirmação. Abra o link para ativar a conta e depois entre.</CheckYourMail>;
  }
  return (
    <div className="account">
      <h1>Criar conta</h1>
      <FormError message={error} />
      <form method="post" action="/cadastro/enviar" className="account-form">
        <label>
          Nome
          <input name="name" autoComplete="name" required maxLength={100} />
        </label>
        <EmailField />
        <label>
          Senha
          <input type="password" name="password" autoComplete="new-password" required minLength={8} maxLength={128} aria-describedby="regra-senha" />
        </label>
        <p id="regra-senha" className="notice">
          De 8 a 128 caracteres. Frases longas são bem-vindas; senhas muito comuns são recusadas.
        </p>
        <CaptchaField />
        <button className="button" type="submit">
          Criar conta
        </button>
      </form>
      <p>
        Já tem conta? <a href="/entrar">Entrar</a>
      </p>
    </div>
  );
}
