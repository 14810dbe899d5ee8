import { docRoute, json } from '@/lib/discovery/doc-route';
import { LINKSET_TYPE, apiCatalog, discoveryLinkHeader } from '@/lib/discovery/well-known';

// GET|HEAD /.well-known/api-catalog (RFC 9727): a linkset anchored at the API base URL.
export const { GET, HEAD } = docRoute((brand) => ({
  ...json(apiCatalog(brand), LINKSET_TYPE),
  headers: { Link: discoveryLinkHeader(brand) },
}));
