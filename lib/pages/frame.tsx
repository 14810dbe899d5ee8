import type { Metadata } from 'next';
import type { CSSProperties, ReactNode } from 'react';
import { currentBrand } from '@/lib/site/brand-context';
import { currentAccount, firstName } from '@/lib/site/current-account';

export async function generateMetadata(): Promise<Metadata> {
  const brand = await currentBrand();
  return {
    metadataBase: new URL(brand.site_url),
    title: { default: `${brand.name}: ${brand.theme.tagline}`, template: `%s · ${brand.name}` },
    description: `${brand.theme.tagline}. Ingressos para eventos no catálogo da ${brand.name}.`,
    applicationName: brand.name,
    icons: { icon: [{ url: `${brand.site_url}/favicon.svg`, type: 'image/svg+xml' }] },
    openGraph: { siteName: brand.name, locale: 'pt_BR', type: 'website' },
  };
}

// The page frame: brand name, colours and links come from the registry entry of the host.
export default async function RootLayout({ children }: { children: ReactNode }) {
  const brand = await currentBrand();
  const account = await currentAccount();
  const theme = { '--primary': brand.theme.primary, '--accent': brand.theme.accent, '--bg': brand.theme.background } as CSSProperties;
  return (
    <html lang="pt-BR">
      <body style={theme}>
        <a className="skip" href="#conteudo">Pular para o conteúdo</a>
        <header className="site-header">
          <div className="inner">
            <a className="brand" href="/">
              <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
                <rect width="32" height="32" rx="8" fill="#ffffff" />
                <circle cx="25" cy="7" r="4" fill={brand.theme.accent} />
                <text x="16" y="23" fontFamily="sans-serif" fontSize="18" fontWeight="700" textAnchor="middle" fill={brand.theme.primary}>
                  {brand.name.slice(0, 1)}
                </text>
              </svg>
              {brand.name}
            </a>
            <p className="tagline">{brand.theme.tagline}</p>
            {account ? (
              <a className="account-link" href="/conta">
                {firstName(account.name)}
              </a>
            ) : (
              <a className="account-link" href="/entrar">
                Entrar
              </a>
            )}
          </div>
        </header>
        <main id="conteudo">{children}</main>
        <footer className="site-footer">
          <div className="inner">
            <nav aria-label="Sobre o site">
              <ul>
                <li>
                  <a href="/produtores">Produtores</a>
                </li>
                <li>
                  <a href="/privacidade">Privacidade</a>
                </li>
                <li>
                  <a href="/termos">Termos de uso</a>
                </li>
              </ul>
            </nav>
            <p>Preços e disponibilidade são um retrato do momento, não uma reserva.</p>
            {/* For those who build on the catalog: a section of its own, apart from what visitors need. */}
            <nav aria-labelledby="para-desenvolvedores" className="developers">
              <h2 id="para-desenvolvedores">Para desenvolvedores</h2>
              <ul>
                <li>
                  <a href="/api/public/v1/openapi.json">API pública</a>
                </li>
                <li>
                  <a href="/llms.txt">llms.txt</a>
                </li>
                <li>
                  <a href="/auth.md">Agentes</a>
                </li>
              </ul>
            </nav>
          </div>
        </footer>
      </body>
    </html>
  );
}
