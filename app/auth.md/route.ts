import { docRoute, text } from '@/lib/discovery/doc-route';
import { authMd } from '@/lib/discovery/texts';

// GET /auth.md: how agents hand a person to the website to sign in, and the rules they follow.
export const { GET, HEAD } = docRoute((brand) => text(authMd(brand), 'text/markdown; charset=utf-8'));
