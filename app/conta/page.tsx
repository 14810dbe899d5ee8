import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { messageFor } from '@/lib/site/account-forms';
import { currentAccount } from '@/lib/site/current-account';
import { FormError, firstValue, type AccountPageProps } from '@/app/_components/account-page';

export const metadata: Metadata = { title: 'Minha conta', robots: { index: false } };

// The signed-in person's account: name, e-mail, verification, two-step switch (with the
// password), sign-out here or everywhere.
export default async function AccountPage({ searchParams }: AccountPageProps) {
  const account = await currentAccount();
  if (!account) redirect('/entrar?next=%2Fconta');
  const error = messageFor(firstValue((await searchParams).erro));
  return (
    <div className="account">
      <h1>Minha conta</h1>
      <FormError message={error} />
      <dl className="profile">
        <dt>Nome</dt>
        <dd>{account.name}</dd>
        <dt>E-mail</dt>
        <dd>{account.email}</dd>
        <dt>E-mail confirmado</dt>
        <dd>{account.emailVerified ? 'Sim' : 'Não'}</dd>
        <dt>Verificação em duas etapas</dt>
        <dd>{account.twoStep ? 'Ativada' : 'Desativada'}</dd>
      </dl>
      <form method="post" action="/conta/dois-passos" className="account-form">
        <input type="hidden" name="ativar" value={account.twoStep ? '0' : '1'} />
        <label>
          Senha atual
          <input type="password" name="password" autoComplete="current-password" required maxLength={512} aria-describedby="regra-duas-etapas" />
        </label>
        <p id="regra-duas-etapas" className="notice">
          {account.twoStep
            ? 'Para desativar, confirme com a sua senha.'
            : 'Para ativar, confirme com a sua senha. Os outros dispositivos conectados saem da conta.'}
        </p>
        <button className="button" type="submit">
          {account.twoStep ? 'Desativar a verificação em duas etapas' : 'Ativar a verificação em duas etapas'}
        </button>
      </form>
      <form method="post" action="/conta/sair" className="account-form">
        <button className="button secondary" type="submit">
          Sair
        </button>
      </form>
      <form method="post" action="/conta/sair-de-todos" className="account-form">
        <button className="button secondary" type="submit">
          Sair de todos os dispositivos
        </button>
      </form>
    </div>
  );
}
