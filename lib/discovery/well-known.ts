import type { Brand } from '../brand/schema';
import { brandUrls } from './urls';

export const API_CATALOG_PROFILE = 'https://www.rfc-editor.org/info/rfc9727';
export const LINKSET_TYPE = `application/linkset+json; profile="${API_CATALOG_PROFILE}"`;

/** RFC 9727 API catalog: one linkset entry anchored at the brand's API base URL. */
export function apiCatalog(brand: Brand) {
  const u = brandUrls(brand);
  return {
    linkset: [
      {
        anchor: u.api,
        'service-desc': [{ href: u.openapi, type: 'application/vnd.oai.openapi+json;version=3.1' }],
        'service-doc': [{ href: u.apiDoc, type: 'text/markdown' }],
        status: [{ href: u.health, type: 'application/json' }],
      },
    ],
  };
}

/** The Link header that points at the catalog and the API description (home page, catalog HEAD). */
export function discoveryLinkHeader(brand: Brand): string {
  const u = brandUrls(brand);
  return [
    `<${u.apiCatalog}>; rel="api-catalog"`,
    `<${u.openapi}>; rel="service-desc"; type="application/vnd.oai.openapi+json;version=3.1"`,
    `<${u.apiDoc}>; rel="service-doc"; type="text/markdown"`,
  ].join(', ');
}

/** RFC 9728 protected resource metadata: the resource is the site URL itself. */
export function protectedResource(brand: Brand) {
  const u = brandUrls(brand);
  return {
    resource: u.site,
    resource_name: brand.name,
    authorization_servers: [u.site],
    bearer_methods_supported: ['header'],
    resource_documentation: u.authMd,
  };
}

/**
 * RFC 8414 authorization server metadata. It names only what exists: a token and a
 * revocation endpoint on the brand's authentication host. There is no authorization
 * endpoint, dynamic registration, JWKS, PKCE or scope; accounts are made by a person.
 */
export function authorizationServer(brand: Brand) {
  const u = brandUrls(brand);
  return {
    issuer: u.site,
    token_endpoint: u.token,
    revocation_endpoint: u.revoke,
    response_types_supported: [],
    grant_types_supported: ['password'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    service_documentation: u.authMd,
    agent_auth: {
      skill: u.authMd,
      documentation_uri: u.authMd,
      identity_types_supported: ['delegated_user'],
      credential_types_supported: ['bearer_token'],
      automated_registration_supported: false,
      registration_methods: [
        {
          method: 'human_in_the_loop',
          register_uri: u.register,
          description: `The person creates the account on ${u.site} in a real browser, with a CAPTCHA. Agents never call it.`,
        },
      ],
      token_uri: u.token,
      refresh_uri: u.refresh,
      revocation_uri: u.revoke,
      register_uri: u.register,
      origin_header: { name: 'X-Origin', value: u.site },
    },
  };
}
