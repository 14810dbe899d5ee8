import type { Metadata } from 'next';
import { currentBrand } from '@/lib/site/brand-context';
import { privacyEmail, RETENTION } from '@/lib/site/legal';

export async function generateMetadata(): Promise<Metadata> {
  const brand = await currentBrand();
  return {
    title: 'Política de privacidade',
    description: `Quais dados pessoais a ${brand.name} guarda, por quê, por quanto tempo e como exercer os seus direitos pela LGPD.`,
    alternates: { canonical: `${brand.site_url}/privacidade` },
  };
}

// GET /privacidade: the privacy policy (LGPD, Lei 13.709/2018), linked from sign-up and the footer.
export default async function PrivacyPage() {
  const brand = await currentBrand();
  const contact = privacyEmail(brand);
  return (
    <article className="legal">
      <h1>Política de privacidade</h1>
      <p>
        {`Esta política explica quais dados pessoais a ${brand.name} trata neste site, com que finalidade, por quanto tempo e como você exerce os seus direitos previstos na Lei Geral de Proteção de Dados (LGPD, Lei 13.709/2018). A ${brand.name} é a controladora desses dados.`}
      </p>

      <h2>Sem conta, quase nada</h2>
      <p>
        Para ver eventos, buscar e consultar preços não é preciso conta. Não usamos cookies de publicidade nem de rastreamento, não há ferramentas de análise de
        terceiros e não vendemos nem alugamos dados. O que o servidor registra de cada acesso (endereço IP, data e hora, página pedida) é o registro de acesso
        que a lei exige guardar, usado também para manter o site seguro e funcionando.
      </p>

      <h2>O que coletamos quando você cria uma conta</h2>
      <ul>
        <li>
          <strong>Nome e e-mail</strong>, que você informa. O e-mail é o seu login e o único canal para confirmar a conta, recuperar a senha e receber os códigos da
          verificação em duas etapas.
        </li>
        <li>
          <strong>Senha</strong>, guardada apenas como resumo criptográfico (argon2id): ninguém, nem nós, consegue lê-la.
        </li>
        <li>
          <strong>Dados da conta</strong>: se o e-mail foi confirmado, se a verificação em duas etapas está ativa e a data de criação.
        </li>
        <li>
          <strong>Eventos salvos</strong>: os eventos que você salva para ver depois, com a data em que salvou. Só você os vê, em Minha conta.
        </li>
        <li>
          <strong>Sessões</strong>: o cookie <code>sessao</code> mantém você conectado; os acessos dados a aplicativos e agentes que você autorizar são guardados só como
          resumo criptográfico, com início e validade.
        </li>
        <li>
          <strong>Segurança</strong>: a verificação anti-robô (ALTCHA, feita no seu próprio navegador, sem serviço de terceiros) e contadores de tentativas por e-mail
          e por endereço IP, que barram quem tenta adivinhar senhas.
        </li>
      </ul>

      <h2>Para que usamos e com que base legal</h2>
      <ul>
        <li>Criar e manter a sua conta, deixar você entrar e sair e enviar os e-mails da conta: execução do contrato que você aceita ao criar a conta (LGPD, art. 7º, V).</li>
        <li>Proteger a sua conta e o site contra fraude e abuso (verificação anti-robô, limites de tentativas): legítimo interesse, seu e nosso (art. 7º, IX).</li>
        <li>Guardar os registros de acesso: cumprimento de obrigação legal (art. 7º, II; Marco Civil da Internet, art. 15).</li>
      </ul>
      <p>Não usamos os seus dados para publicidade, não traçamos perfil e não tomamos decisões automatizadas sobre você.</p>

      <h2>Por quanto tempo guardamos</h2>
      <div className="table-scroll" role="region" aria-label="Prazos de guarda" tabIndex={0}>
        <table className="tickets">
          <thead>
            <tr>
              <th scope="col">Dado</th>
              <th scope="col">Prazo</th>
            </tr>
          </thead>
          <tbody>
            {RETENTION.map(([what, how]) => (
              <tr key={what}>
                <td>{what}</td>
                <td>{how}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2>Com quem compartilhamos</h2>
      <p>
        Só com quem opera o site por nós, e só para isso: a hospedagem dos servidores e do banco de dados e o serviço que entrega os nossos e-mails. Eles tratam os
        dados seguindo as nossas instruções. Fora isso, só por ordem judicial ou de autoridade competente. Se algum desses serviços ficar fora do Brasil, a
        transferência segue o que a LGPD exige (art. 33).
      </p>
      <p>
        {`A ${brand.name} mostra eventos e preços, mas os ingressos são vendidos pelas produções ou pelo canal de compra indicado em cada evento: o que você informar lá segue a política de quem vende.`}
      </p>

      <h2>Os seus direitos</h2>
      <p>Pela LGPD (art. 18), você pode pedir a qualquer momento:</p>
      <ul>
        <li>a confirmação de que tratamos dados seus e o acesso a eles;</li>
        <li>a correção de dados incompletos, inexatos ou desatualizados;</li>
        <li>a anonimização, o bloqueio ou a eliminação de dados desnecessários ou tratados em desconformidade com a lei;</li>
        <li>a portabilidade dos seus dados e a eliminação da sua conta;</li>
        <li>informação sobre com quem compartilhamos os seus dados;</li>
        <li>a revisão de qualquer tratamento com o qual você não concorde, e reclamar à Autoridade Nacional de Proteção de Dados (ANPD).</li>
      </ul>
      <p>
        Em <a href="/conta">Minha conta</a> você mesmo vê os seus dados e eventos salvos, corrige o nome, troca a senha, liga ou desliga a verificação em duas
        etapas e exclui a conta: a exclusão, confirmada com a sua senha, apaga na hora o nome, o e-mail, a senha e os eventos salvos, encerra todas as sessões e
        os acessos dados a aplicativos, e um e-mail confirma que foi feita. Para os demais pedidos, escreva para <a href={`mailto:${contact}`}>{contact}</a> a
        partir do e-mail da sua conta (assim sabemos que o pedido é seu). Respondemos em até 15 dias.
      </p>

      <h2>Segurança</h2>
      <p>
        As conexões usam HTTPS; senhas, links, códigos e acessos são guardados apenas como resumos criptográficos; o cookie de sessão não é acessível a scripts das
        páginas; as sessões podem ser encerradas em todos os dispositivos em Minha conta. Se acontecer um incidente de segurança que possa causar risco ou dano
        relevante a você, avisaremos você e a ANPD (art. 48).
      </p>

      <h2>Contato e mudanças</h2>
      <p>
        {`Encarregado pelo tratamento de dados pessoais da ${brand.name}: `}
        <a href={`mailto:${contact}`}>{contact}</a>. Quando esta política mudar, a nova versão fica nesta página; mudanças que afetem o uso dos seus dados são avisadas
        por e-mail a quem tem conta.
      </p>
      <p>
        Veja também os <a href="/termos">Termos de uso</a>.
      </p>
    </article>
  );
}
