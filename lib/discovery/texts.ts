import { PROTOCOL_VERSIONS } from '../mcp/protocol';
import type { Brand } from '../brand/schema';
import { brandUrls } from '../http/brand-urls';
import { CONTENT_SIGNAL } from '../http/headers';

export function robotsTxt(brand: Brand): string {
  const u = brandUrls(brand);
  return [
    `# ${brand.name}: public event catalog`,
    '# Content-Signal: search and AI answers that cite and link the pages are welcome; training is not.',
    'User-agent: *',
    `Content-Signal: ${CONTENT_SIGNAL}`,
    'Allow: /',
    '',
    `Sitemap: ${u.sitemap}`,
    '',
  ].join('\n');
}

export function llmsTxt(brand: Brand): string {
  const u = brandUrls(brand);
  return `# ${brand.name}

> Public catalog of events sold by ${brand.name}: search events, read dates, venues and prices with fees. Read-only; buying happens on the website.

Every page of ${u.site} answers in Markdown when asked with \`Accept: text/markdown\`. Prices and availability are a snapshot, never a reservation: always quote the price including fees, and send the person to the event page to buy.

## API

- [OpenAPI description](${u.openapi}): the read-only JSON API, no key needed
- [API guide](${u.apiDoc}): the endpoints, parameters and error codes in prose
- [List and search events](${u.events}): \`GET ?q=&city=&state=&organization=&page=&per_page=\`
- [API catalog](${u.apiCatalog}): RFC 9727 linkset

## Pages

- [Event listing](${u.site}/): the brand's events, as Markdown with \`Accept: text/markdown\`
- [Event page](${u.site}/eventos/{slug}): one event with every ticket lot and its price with fees
- [Sitemap](${u.sitemap}): every event page

## Agents

- [Agent skills](${u.skillsIndex}): how to search the catalog and read prices; how to hand a person to the site
- [MCP server](${u.mcp}): tools search_events, get_event, get_event_page (Streamable HTTP; revisions ${PROTOCOL_VERSIONS.join(', ')})
- [MCP server card](${u.mcpServerCard}): where and how to connect, before connecting
- [AI catalog](${u.aiCatalog}): the MCP server card, the A2A agent card, the agent skills and the API catalog in one list
- [Authentication for agents](${u.authMd}): acting for a person needs that person's own login on the website
- [Anonymous agent credential](${u.identity}): optional, grants no access; send it as \`X-Agent-Credential\`
`;
}

export function authMd(brand: Brand): string {
  const u = brandUrls(brand);
  return `# auth.md

${brand.name} lets agents read its public event catalog without any credential, and act for a person only with that person's own login. Resource server: ${u.site} (API at ${u.api}). Authentication host: ${brand.auth_url}.

## 1. Discover

- Protected resource metadata: ${u.site}/.well-known/oauth-protected-resource
- Authorization server metadata: ${u.site}/.well-known/oauth-authorization-server (issuer ${u.site}). It lists no OAuth grant type, response type or \`token_endpoint\`: the token endpoint below is not an RFC 6749 one (it takes JSON, \`X-Origin\` and a CAPTCHA a person solves), and revocation is not RFC 7009. Its \`agent_auth\` block names the real endpoints and how each is called (\`token_request\`, \`refresh_request\`, \`revocation_request\`).

## 2. Reading needs nothing

Searching events, reading an event and its prices: use the public API (${u.openapi}) or the pages as Markdown. No key, no registration. An anonymous agent credential (\`POST ${u.identity}\`, sent back as \`X-Agent-Credential\`) only identifies you for rate limits; it grants nothing.

## 3. Acting for a person: hand the person to the website

Orders, tickets and profile need the person's own Bearer token. There is no agent identity, no dynamic client registration, no authorization code or PKCE flow, no scopes (a token carries the person's full access) and no public JWKS.

1. Hand the person a link to \`${u.site}/entrar?next=<path>\` (for example \`${u.site}/entrar?next=/conta\`). They sign in there, in their own browser, with the CAPTCHA and, when it is on, the two-step code; then they land on \`<path>\` (a path of this site only; anything else lands on \`/conta\`). A person without an account creates one at ${u.site}/cadastro and confirms it by the link sent by e-mail.
2. The token is issued by \`POST ${u.token}\` with \`Content-Type: application/json\`, the header \`X-Origin: ${u.site}\` on every call to ${brand.auth_url}, and the body fields \`email\`, \`password\` and \`g-captcha-response\`. The CAPTCHA can only be solved by a person in a real browser, so the person signs in on the website; a headless agent cannot obtain a token alone. With two-step verification the answer is a 403 \`two_step_required\` problem carrying \`attempt\`, a 6-digit code is e-mailed to the person, and the same endpoint takes \`{"attempt", "code"}\` within 10 minutes. Account creation (\`POST ${u.register}\`) is protected by the same CAPTCHA, sends an e-mail, and is never called by an automated client. The host describes itself at ${brand.auth_url}/openapi.json.
3. Use the token as \`Authorization: Bearer <token>\`, for example on \`GET ${u.site}/api/account/v1/me\` (the person's profile). Renew it with \`POST ${u.refresh}\` (the old token stops working at once); revoke it with \`DELETE ${u.revoke}\`. A missing or invalid token gets a 401 whose \`WWW-Authenticate\` names the protected resource metadata.

## 4. Rules

- Never ask for the person's password, two-step code or session token in a conversation.
- Never bypass the CAPTCHA, the virtual queue or the purchase limit per taxpayer id.
- Do not store the person's credentials. Revoke the token when the person's session ends.
- Prefer the public read endpoints for plain consultation.
- Always tell the person the price including fees (the event page lists it for every lot).
`;
}
