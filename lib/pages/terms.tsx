import type { Metadata } from 'next';
import { currentBrand } from '@/lib/site/brand-context';
import { privacyEmail } from '@/lib/site/legal';

export async function generateMetadata(): Promise<Metadata> {
  const brand = await currentBrand();
  return {
    title: 'Termos de uso',
    description: `As regras de uso do catálogo de eventos da ${brand.name}, da conta, da API e dos agentes.`,
    alternates: { canonical: `${brand.site_url}/termos` },
  };
}

// GET /termos: the terms of use, linked from sign-up and the footer.
export default async function TermsPage() {
  const brand = await currentBrand();
  const contact = privacyEmail(brand);
  return (
    <article className="legal">
      <h1>Termos de uso</h1>
      <p>
        {`Estes termos valem para quem usa o site da ${brand.name}, cria uma conta nele ou acessa o catálogo pela API pública, por MCP ou A2A. Ao criar uma conta, você os aceita.`}
      </p>

      <h2>O que o site é</h2>
      <p>
        {`Um catálogo público de eventos: datas, locais, setores e preços com taxas, como a ${brand.name} os recebe das produções. Quando o evento indica um canal de compra, a compra acontece lá, com as regras de quem vende; quando não indica, a página diz quem vende os ingressos.`}
      </p>

      <h2>Preços e disponibilidade</h2>
      <p>
        Preços, taxas e disponibilidade mostrados são um retrato do momento, não uma reserva nem uma oferta: o preço com taxas é o que o ingresso custa por
        ingresso, e vale o que o canal de compra mostrar na hora de comprar. Eventos podem ser cancelados, adiados ou remarcados pelas produções; quando isso
        acontece, a página do evento avisa assim que a informação chega até nós.
      </p>

      <h2>A sua conta</h2>
      <ul>
        <li>Use o seu nome e um e-mail que seja seu; a conta é pessoal.</li>
        <li>Guarde a sua senha; se desconfiar de acesso indevido, troque a senha e use “Sair de todos os dispositivos” em Minha conta.</li>
        <li>Não contorne a verificação anti-robô nem os limites de tentativas, e não crie contas em massa ou de forma automatizada.</li>
      </ul>

      <h2>Agentes e programas</h2>
      <p>
        A API pública, o MCP e o A2A servem para consultar o catálogo, dentro dos limites de uso anunciados pelo site (<a href="/llms.txt">llms.txt</a>,{' '}
        <a href="/auth.md">orientações para agentes</a>). Um agente que age em nome de uma pessoa usa a conta dela só com o acesso que ela der, não guarda a senha e
        informa sempre o preço com taxas.
      </p>

      <h2>O que não é permitido</h2>
      <ul>
        <li>Tentar acessar contas ou dados de outras pessoas, ou partes do site que não são públicas.</li>
        <li>Sobrecarregar o site, burlar limites de uso ou usar o site para fraude ou para enganar outras pessoas.</li>
      </ul>
      <p>Podemos suspender ou encerrar contas e acessos que desrespeitem estes termos.</p>

      <h2>Responsabilidade</h2>
      <p>
        {`A ${brand.name} cuida para que o catálogo esteja correto, mas as informações de cada evento vêm da sua produção, que responde pelo evento e pelos ingressos que vende. O site pode ficar fora do ar para manutenção ou por falhas, e nos esforçamos para que isso seja raro e curto.`}
      </p>

      <h2>Dados pessoais, mudanças e contato</h2>
      <p>
        O que fazemos com os seus dados está na <a href="/privacidade">Política de privacidade</a>. Quando estes termos mudarem, a nova versão fica nesta página, e
        mudanças relevantes são avisadas por e-mail a quem tem conta. Dúvidas: <a href={`mailto:${contact}`}>{contact}</a>. Estes termos seguem a lei brasileira,
        incluindo o Código de Defesa do Consumidor.
      </p>
    </article>
  );
}
