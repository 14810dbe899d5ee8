import { currentBrand } from '@/lib/site/brand-context';

// Any page that does not exist, in the brand's own frame.
export default async function NotFound() {
  const brand = await currentBrand();
  return (
    <div className="empty">
      <h1>Página não encontrada</h1>
      <p>O endereço não existe ou o evento saiu do catálogo da {brand.name}.</p>
      <a className="button" href="/">
        Ver os próximos eventos
      </a>
    </div>
  );
}
