import type { Metadata } from 'next';
import { messageFor } from '@/lib/site/account-forms';
import { FormError, firstValue, type AccountPageProps } from '@/lib/pages/components/account-page';

export const metadata: Metadata = { title: 'Nova senha', robots: { index: false } };

// The page a reset link opens: the new password. Opening it spends nothing; the form does.
export default async function ResetPage({ searchParams }: AccountPageProps) {
  const q = await searchParams;
  const token = firstValue(q.token) ?? '';
  if (!token) {
    return (
      <div className="account">
        <h1>Link incompleto</h1>
        <p>
          Abra o link do e-mail inteiro, do jeito que ele chegou, ou <a href="/entrar/esqueci">peça outro link</a>.
        </p>
      </div>
    );
  }
  return (
    <div className="account">
      <h1>Nova senha</h1>
      <FormError message={messageFor(firstValue(q.erro))} />
      <form method="post" action="/entrar/redefinir/enviar" className="account-form">
        <input type="hidden" name="token" value={token} />
        <label>
          Nova senha
          <input type="password" name="password" autoComplete="new-password" required minLength={8} maxLength={128} aria-describedby="regra-senha" />
        </label>
        <p id="regra-senha" className="notice">
          De 8 a 128 caracteres. Frases longas são bem-vindas; senhas muito comuns são recusadas. Ao trocar a senha, você sai de todos os dispositivos.
        </p>
        <button className="button" type="submit">
          Salvar nova senha
        </button>
      </form>
    </div>
  );
}
