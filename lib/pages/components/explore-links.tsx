import { currentNonce } from '@/lib/site/brand-context';
import { NEAR_ME_PATH } from '@/lib/site/near-me';

/**
 * Other ways into the catalog than words: events near the person ("Perto de mim": with
 * JavaScript the browser's location, /perto-de-mim.js; without it, or without permission,
 * a page of cities) and the brand's organizers.
 */
export async function ExploreLinks() {
  const nonce = await currentNonce();
  return (
    <nav className="explore-links" aria-label="Explorar">
      <ul>
        <li>
          <a href={NEAR_ME_PATH} data-near-me="">
            Perto de mim
          </a>
        </li>
        <li>
          <a href="/produtores">Produtores</a>
        </li>
      </ul>
      <script src="/perto-de-mim.js" defer nonce={nonce} />
    </nav>
  );
}
