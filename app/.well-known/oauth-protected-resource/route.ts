import { docRoute, json } from '@/lib/discovery/doc-route';
import { protectedResource } from '@/lib/discovery/well-known';

// GET /.well-known/oauth-protected-resource (RFC 9728).
export const { GET, HEAD } = docRoute((brand) => json(protectedResource(brand)));
