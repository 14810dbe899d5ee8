'use client';

// Shown when a page cannot be built: in practice, the catalog is unavailable. The
// server answers 503 for it (server.mjs).
export default function ErrorPage() {
  return (
    <div className="empty">
      <h1>Catálogo indisponível no momento</h1>
      <p>Não conseguimos consultar os eventos agora. Tente novamente em alguns instantes.</p>
      <a className="button" href="/">
        Tentar de novo
      </a>
    </div>
  );
}
