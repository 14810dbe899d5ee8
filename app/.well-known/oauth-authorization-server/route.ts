import { docRoute, json } from '@/lib/discovery/doc-route';
import { authorizationServer } from '@/lib/discovery/well-known';

// GET /.well-known/oauth-authorization-server (RFC 8414), with the agent authentication block.
export const { GET, HEAD } = docRoute((brand) => json(authorizationServer(brand)));
