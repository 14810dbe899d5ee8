import type { PageMeta } from '@/lib/catalog/public-schema';

/** "Página n de m" between the links to the previous and next pages; `href` gives a page's address. */
export function Pagination({ meta, href }: { meta: Pick<PageMeta, 'current_page' | 'last_page'>; href: (page: number) => string }) {
  return (
    <nav className="pagination" aria-label="Paginação">
      {meta.current_page > 1 && (
        <a className="button secondary" href={href(meta.current_page - 1)} rel="prev">
          Página anterior
        </a>
      )}
      <span>
        Página {meta.current_page} de {meta.last_page}
      </span>
      {meta.current_page < meta.last_page && (
        <a className="button secondary" href={href(meta.current_page + 1)} rel="next">
          Próxima página
        </a>
      )}
    </nav>
  );
}
