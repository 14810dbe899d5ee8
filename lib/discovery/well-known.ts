import type { Brand } from '../brand/schema';
import { OPENAPI_MEDIA_TYPE } from '../http/service-desc';
import { brandUrls } from '../http/brand-urls';

export const API_CATALOG_PROFILE = 'https://www.rfc-editor.org/info/rfc9727';
export const LINKSET_TYPE = `application/linkset+json; profile="${API_CATALOG_PROFILE}"`;

/** RFC 9727 API catalog: one linkset entry anchored at the brand's API base URL. */
export function apiCatalog(brand: Brand) {
  const u = brandUrls(brand);
  return {
    linkset: [
      {
        anchor: u.api,
        'service-desc': [{ href: u.openapi, type: OPENAPI_MEDIA_TYPE }],
        'service-doc': [{ href: u.apiDoc, type: 'text/markdown' }],
        status: [{ href: u.health, type: 'application/json' }],
      },
    ],
  };
}

/** The Link header that points at the catalogs and the API description (home page, catalog HEAD). */
export function discoveryLinkHeader(brand: Brand): string {
  const u = brandUrls(brand);
  return [
    `<${u.apiCatalog}>; rel="api-catalog"`,
    `<${u.aiCatalog}>; rel="ai-catalog"; type="application/ai-catalog+json"`,
    `<${u.openapi}>; rel="service-desc"; type="${OPENAPI_MEDIA_TYPE}"`,
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
 * RFC 8414 authorization server metadata, every member of it true of the authentication
 * host. That host speaks no OAuth grant: its token endpoint takes JSON with X-Origin and
 * a CAPTCHA only a person can solve (spec 4.6 and 5), so it is no RFC 6749 token endpoint
 * and is not named `token_endpoint`; nor is DELETE /auth/revoke an RFC 7009 revocation
 * endpoint. `grant_types_supported` is present and empty because its absence would mean
 * ["authorization_code", "implicit"]; `response_types_supported` (required) is empty as
 * there is no authorization endpoint. What the host really takes is in `agent_auth`.
 */
export function authorizationServer(brand: Brand) {
  const u = brandUrls(brand);
  return {
    issuer: u.site,
    response_types_supported: [],
    grant_types_supported: [],
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
      // How each endpoint is called, exactly as the authentication host takes it.
      token_request: {
        method: 'POST',
        content_type: 'application/json',
        fields: ['email', 'password', 'g-captcha-response'],
        captcha: 'solved by the person in a real browser; a headless agent cannot obtain a token alone',
        response_fields: ['type', 'token', 'expires_at'],
      },
      refresh_request: { method: 'POST', credential: 'Authorization: Bearer <token>', response_fields: ['type', 'token', 'expires_at'] },
      revocation_request: { method: 'DELETE', credential: 'Authorization: Bearer <token>' },
    },
  };
}
