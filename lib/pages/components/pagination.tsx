import type { PageMeta } from '@/lib/catalog/public-schema';
import { pageNumbers } from '@/lib/site/page-numbers';

/**
 * The pages of a listing as numbers (the first, the last, and those around the current
 * one), between links to the previous and next pages; `href` gives a page's address.
 */
export function Pagination({ meta, href }: { meta: Pick<PageMeta, 'current_page' | 'last_page'>; href: (page: number) => string }) {
  const current = meta.current_page;
  return (
    <nav className="pagination" aria-label="Paginação">
      {current > 1 && (
        <a className="button secondary" href={href(current - 1)} rel="prev" aria-label="Página anterior">
          ‹ Anterior
        </a>
      )}
      <ul>
        {pageNumbers(current, meta.last_page).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              {n === current ? (
                <span aria-current="page" aria-label={`Página ${n} de ${meta.last_page}`}>
                  {n}
                </span>
              ) : (
                <a href={href(n)} aria-label={`Página ${n}`}>
                  {n}
                </a>
              )}
            </li>
          ),
        )}
      </ul>
      {current < meta.last_page && (
        <a className="button secondary" href={href(current + 1)} rel="next" aria-label="Próxima página">
          Próxima ›
        </a>
      )}
    </nav>
  );
}
