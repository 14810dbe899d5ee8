import type { Metadata } from 'next';
import { firstValue, type AccountPageProps } from '@/lib/pages/components/account-page';

export const metadata: Metadata = { title: 'Confirmar e-mail', robots: { index: false } };

// The page a verification link opens. Opening it changes nothing (a mail scanner that
// follows links verifies no one); the button posts the link's token.
export default async function ConfirmPage({ searchParams }: AccountPageProps) {
  const token = firstValue((await searchParams).token) ?? '';
  if (!token) {
    return (
      <div className="account">
        <h1>Link incompleto</h1>
        <p>Abra o link do e-mail de confirmação inteiro, do jeito que ele chegou.</p>
      </div>
    );
  }
  return (
    <div className="account">
      <h1>Confirmar e-mail</h1>
      <p>Confirme que este e-mail é seu para ativar a conta. Vale a senha usada no pedido que enviou este link (o cadastro, ou a tentativa de entrar, feitos com este e-mail).</p>
      <form method="post" action="/cadastro/confirmar/enviar" className="account-form">
        <input type="hidden" name="token" value={token} />
        <button className="button" type="submit">
          Confirmar e-mail
        </button>
      </form>
    </div>
  );
}
