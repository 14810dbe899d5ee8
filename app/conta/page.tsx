import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { savedEventsOf } from '@/lib/accounts/settings';
import { savedStateLabel, type SavedEvent } from '@/lib/accounts/saved-events';
import { getAccountsDb } from '@/lib/db/accounts';
import { messageFor } from '@/lib/site/account-forms';
import { currentAccount } from '@/lib/site/current-account';
import { formatEventDate } from '@/lib/site/format';
import { FormDone, FormError, firstValue, type AccountPageProps } from '@/lib/pages/components/account-page';

export const metadata: Metadata = { title: 'Minha conta', robots: { index: false } };

/** What a form of this page says once it went through (the `feito` of its answer). */
const DONE: Record<string, string> = {
  nome: 'Nome alterado.',
  senha: 'Senha alterada. Os outros aparelhos conectados saíram da conta; este continua conectado.',
  'dois-passos-ativada': 'Verificação em duas etapas ativada. Os outros aparelhos conectados saíram da conta.',
  'dois-passos-desativada': 'Verificação em duas etapas desativada.',
  removido: 'Evento removido dos salvos.',
};

/** Refusals that read better on this page than the sign-in page's words (only the password is asked here). */
const HERE: Record<string, Record<string, string>> = {
  nome: { invalid_field: 'Escreva um nome de 1 a 100 caracteres.' },
  senha: { invalid_credentials: 'A senha atual não confere. Nada foi alterado.' },
  'dois-passos': { invalid_credentials: 'Senha incorreta. Nada foi alterado.' },
  excluir: { invalid_credentials: 'Senha incorreta. A conta não foi excluída.' },
};
const FORMS = ['salvos', 'nome', 'senha', 'dois-passos', 'excluir'] as const;
type Form = (typeof FORMS)[number];

// The signed-in person's account: saved events, name, password, two-step codes,
// sign-out here or everywhere, and deleting the account. Each form posts to its route
// under /conta and comes back here, at its message.
export default async function AccountPage({ searchParams }: AccountPageProps) {
  const account = await currentAccount();
  if (!account) redirect('/entrar?next=%2Fconta');
  const q = await searchParams;
  const code = firstValue(q.erro);
  const named = firstValue(q.form);
  const form: Form | null = FORMS.find((f) => f === named) ?? null;
  const message = code ? ((form && HERE[form]?.[code]) ?? messageFor(code)) : null;
  const errorFor = (f: Form | null) => (form === f ? message : null);
  const done = DONE[firstValue(q.feito) ?? ''] ?? null;
  const saved = await savedEventsOf(await getAccountsDb(), account);
  return (
    <div className="account">
      <h1>Minha conta</h1>
      <FormDone message={done} />
      <FormError message={errorFor(null)} />
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

      <section aria-labelledby="salvos">
        <h2 id="salvos">Eventos salvos</h2>
        <FormError message={errorFor('salvos')} />
        {saved.length === 0 ? (
          <p>Nenhum evento salvo. Na página de um evento, toque em “Salvar” para guardá-lo aqui.</p>
        ) : (
          <ul className="saved-list">
            {saved.map((s) => (
              <SavedItem key={s.slug} saved={s} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="titulo-nome">
        <h2 id="titulo-nome">Nome</h2>
        <FormError message={errorFor('nome')} />
        <form method="post" action="/conta/nome" className="account-form">
          <label>
            Nome
            <input name="name" autoComplete="name" required maxLength={100} defaultValue={account.name} />
          </label>
          <button className="button" type="submit">
            Salvar nome
          </button>
        </form>
      </section>

      <section aria-labelledby="titulo-senha">
        <h2 id="titulo-senha">Senha</h2>
        <FormError message={errorFor('senha')} />
        <form method="post" action="/conta/senha" className="account-form">
          <label>
            Senha atual
            <input type="password" name="current" autoComplete="current-password" required maxLength={512} />
          </label>
          <label>
            Nova senha
            <input type="password" name="password" autoComplete="new-password" required minLength={8} maxLength={128} aria-describedby="regra-senha" />
          </label>
          <p id="regra-senha" className="notice">
            De 8 a 128 caracteres; uma frase que só você conhece é uma boa senha. Depois da troca, os outros aparelhos conectados saem da conta.
          </p>
          <button className="button" type="submit">
            Trocar senha
          </button>
        </form>
      </section>

      <section aria-labelledby="titulo-dois-passos">
        <h2 id="titulo-dois-passos">Verificação em duas etapas</h2>
        <p>
          {account.twoStep
            ? 'Ativada: ao entrar, além da senha, pedimos um código de 6 dígitos enviado para o seu e-mail.'
            : 'Desativada. Quando ativada, ao entrar, além da senha, pedimos um código de 6 dígitos enviado para o seu e-mail: quem descobrir sua senha não entra sem ele.'}
        </p>
        <FormError message={errorFor('dois-passos')} />
        <form method="post" action="/conta/dois-passos" className="account-form">
          <input type="hidden" name="ativar" value={account.twoStep ? '0' : '1'} />
          <label>
            Sua senha, para confirmar
            <input type="password" name="password" autoComplete="current-password" required maxLength={512} aria-describedby="regra-duas-etapas" />
          </label>
          <p id="regra-duas-etapas" className="notice">
            {account.twoStep ? 'Para desativar, confirme com a sua senha.' : 'Para ativar, confirme com a sua senha. Os outros aparelhos conectados saem da conta.'}
          </p>
          <button className="button" type="submit">
            {account.twoStep ? 'Desativar a verificação em duas etapas' : 'Ativar a verificação em duas etapas'}
          </button>
        </form>
      </section>

      <section aria-labelledby="titulo-sair">
        <h2 id="titulo-sair">Sair</h2>
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
      </section>

      <section aria-labelledby="titulo-excluir">
        <h2 id="titulo-excluir">Excluir conta</h2>
        <p>
          Você pode excluir sua conta quando quiser (é um direito seu pela Lei Geral de Proteção de Dados, art. 18). Apagamos na hora o nome, o e-mail, a senha e
          os eventos salvos, e todos os aparelhos saem da conta. Enviamos um e-mail confirmando. Não é possível desfazer.
        </p>
        <FormError message={errorFor('excluir')} />
        <form method="post" action="/conta/excluir" className="account-form">
          <label>
            Sua senha, para confirmar a exclusão
            <input type="password" name="password" autoComplete="current-password" required maxLength={512} />
          </label>
          <button className="button danger" type="submit">
            Excluir minha conta
          </button>
        </form>
      </section>
    </div>
  );
}

/** A saved event: its name (a link while its page exists), when, what became of it, and the button that removes it. */
function SavedItem({ saved }: { saved: SavedEvent }) {
  const words = savedStateLabel(saved.state);
  const hasPage = saved.state !== 'withdrawn' && saved.state !== 'gone';
  const showsDate = hasPage && saved.state !== 'postponed' && saved.state !== 'cancelled';
  return (
    <li className={`saved-item saved-${saved.state}`}>
      <span className="saved-name">{hasPage ? <a href={`/eventos/${saved.slug}`}>{saved.name}</a> : saved.name}</span>
      {words && <strong className="saved-state">{words}</strong>}
      {showsDate && saved.startsAt && (
        <time className="saved-date" dateTime={saved.startsAt.toISOString()}>
          {formatEventDate(saved.startsAt.toISOString(), saved.timezone)}
        </time>
      )}
      <form method="post" action="/conta/salvos/remover">
        <input type="hidden" name="evento" value={saved.slug} />
        <button className="button secondary" type="submit" aria-label={`Remover dos salvos: ${saved.name}`}>
          Remover
        </button>
      </form>
    </li>
  );
}
