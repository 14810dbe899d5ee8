import type { Metadata } from 'next';
import { getFilterOptions } from '@/lib/catalog/filters/options';
import { currentBrand, currentNonce } from '@/lib/site/brand-context';
import { NEAR_ME_PATH, nearCities } from '@/lib/site/near-me';

export async function generateMetadata(): Promise<Metadata> {
  const brand = await currentBrand();
  return {
    title: { absolute: `Eventos perto de você — ${brand.name}` },
    description: `Eventos perto de você na ${brand.name}: use sua localização ou escolha uma cidade.`,
    alternates: { canonical: `${brand.site_url}${NEAR_ME_PATH}` },
  };
}

// GET /perto-de-mim: where "Perto de mim" leads without a location (no JavaScript, or the
// location refused): the brand's cities, each its listing nearest first around its centre,
// and, where JavaScript runs, the location asked for again.
export default async function NearMePage() {
  const brand = await currentBrand();
  const nonce = await currentNonce();
  const cities = nearCities(await getFilterOptions(brand));
  return (
    <>
      <h1>Eventos perto de você</h1>
      <p id="sem-localizacao" className="notice near-denied" tabIndex={-1}>
        Não foi possível saber onde você está. Escolha uma cidade abaixo.
      </p>
      <p className="near-ask">
        <a className="button" href={NEAR_ME_PATH} data-near-me="">
          Usar minha localização
        </a>
        <span>Sua localização só é usada para mostrar os eventos próximos e não fica guardada.</span>
      </p>
      <h2>Escolha uma cidade</h2>
      {cities.length === 0 ? (
        <p>Nenhum evento previsto por enquanto.</p>
      ) : (
        <ul className="near-cities">
          {cities.map((c) => (
            <li key={c.name}>
              <a href={c.href}>{c.label}</a> <span className="count">({c.events === 1 ? '1 evento' : `${c.events.toLocaleString('pt-BR')} eventos`})</span>
            </li>
          ))}
        </ul>
      )}
      <script src="/perto-de-mim.js" defer nonce={nonce} />
    </>
  );
}
