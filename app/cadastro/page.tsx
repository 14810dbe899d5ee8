import type { Metadata } from 'next';
import { CaptchaField } from '@/lib/pages/components/captcha-field';
import { messageFor } from '@/lib/site/account-forms';
import { CheckYourMail, EmailField, FormError, firstValue, recalled, type AccountPageProps } from '@/lib/pages/components/account-page';

export const metadata: Metadata = { title: 'Criar conta', robots: { index: false } };

// Create an account: name, e-mail, password (NIST rules) and the CAPTCHA.
export default async function SignUpPage({ searchParams }: AccountPageProps) {
  const q = await searchParams;
  const error = messageFor(firstValue(q.erro));
  // After a refusal: the name and e-mail typed, and the CAPTCHA when it was not spent.
  const typed = error ? await recalled('cadastro') : {};
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
          <input name="name" autoComplete="name" required maxLength={100} defaultValue={typed.name} />
        </label>
        <EmailField value={typed.email} />
        <label>
          Senha
          <input type="password" name="password" autoComplete="new-password" required minLength={8} maxLength={128} aria-describedby="regra-senha" />
        </label>
        <p id="regra-senha" className="notice">
          De 8 a 128 caracteres. Frases longas são bem-vindas; senhas muito comuns são recusadas.
        </p>
        <CaptchaField solved={typed.captcha} />
        <p className="notice">
          Ao criar a conta, você aceita os <a href="/termos">Termos de uso</a> e declara ter lido a <a href="/privacidade">Política de privacidade</a>, que diz quais dados
          pessoais guardamos, por quê, por quanto tempo e como exercer os seus direitos pela LGPD.
        </p>
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
