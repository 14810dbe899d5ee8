import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { currentAccount } from '@/lib/site/current-account';

export const metadata: Metadata = { title: 'Conta excluída', robots: { index: false } };

// Where deleting the account lands (lib/site/account-actions.ts, postDeleteAccount): the
// session cookie is already gone. A signed-in person who opens it has an account: /conta.
export default async function DeletedAccountPage() {
  if (await currentAccount()) redirect('/conta');
  return (
    <div className="account">
      <h1>Conta excluída</h1>
      <p role="status" className="ok" id="feito" tabIndex={-1}>
        Sua conta foi excluída, com o nome, o e-mail, a senha e os eventos salvos. Enviamos um e-mail confirmando.
      </p>
      <p>
        <a href="/">Voltar para os eventos</a>
      </p>
    </div>
  );
}
