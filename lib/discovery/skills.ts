import { createHash } from 'node:crypto';
import type { Brand } from '../brand/schema';
import { brandUrls } from '../http/brand-urls';

export const SKILLS_SCHEMA = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';

type Skill = { name: string; description: string; body: (brand: Brand) => string };

const SKILLS: Skill[] = [
  {
    name: 'search-events',
    description: 'Search the event catalog of this brand and read dates, venues and prices with fees.',
    body: (brand) => {
      const u = brandUrls(brand);
      return `Use the public JSON API; no key is needed.

1. Search: \`GET ${u.events}?q=<words>\` (accents and case do not matter). Filters: \`city\`, \`state\` (two letters, e.g. SP), \`organization\` (producer slug). Paging: \`page\` (from 1), \`per_page\` (1 to 50).
2. Detail: \`GET ${u.events}/<slug>\` adds the producer. Dates are RFC 3339 in the event's own time zone (\`timezone\`).
3. Prices are not in the API. Read them on the event page as Markdown: \`GET ${u.site}/eventos/<slug>\` with \`Accept: text/markdown\`, or the MCP tool \`get_event_page\` at ${u.mcp}. The ticket table lists every sector and lot with price, fee and price with fees (BRL).
4. Availability: \`is_closed\` tells whether sales are closed; \`status\` is only a label.
5. Everything is a snapshot, not a reservation. Always quote the price including fees.

Errors are \`application/problem+json\` with a stable \`code\`; see ${u.openapi}.
`;
    },
  },
  {
    name: 'hand-off-to-site',
    description: 'Hand the person to the website to sign in or to buy; never handle their credentials.',
    body: (brand) => {
      const u = brandUrls(brand);
      return `Buying and anything on behalf of a person happen on ${u.site}, by the person.

1. To buy: give the person the event's \`url\` (${u.site}/eventos/<slug>) and the price with fees you read there. The purchase flow, the virtual queue and the limit per taxpayer id are on the website and must not be bypassed.
2. To sign in: give the person the link ${u.site}/entrar?next=<path of the page they should land on>; to create an account: ${u.site}/cadastro. The CAPTCHA needs a person in a real browser.
3. Never ask for a password, a two-step code or a session token in the conversation, and never store credentials.
4. If the person gives you a Bearer token for their own session, use it only as \`Authorization: Bearer\`, and revoke it (\`DELETE ${u.revoke}\`) when the session ends.

Details: ${u.authMd}.
`;
    },
  },
];

/** A SKILL.md file: YAML front matter, then the instructions. */
export function skillMarkdown(brand: Brand, name: string): string | null {
  const skill = SKILLS.find((s) => s.name === name);
  if (!skill) return null;
  return `---\nname: ${skill.name}\ndescription: ${skill.description}\n---\n\n# ${skill.name} (${brand.name})\n\n${skill.body(brand)}`;
}

/** The agent skills discovery index; each digest is of the exact bytes served. */
export function skillsIndex(brand: Brand) {
  const u = brandUrls(brand);
  return {
    $schema: SKILLS_SCHEMA,
    skills: SKILLS.map((s) => ({
      name: s.name,
      type: 'skill-md',
      description: s.description,
      url: u.skill(s.name),
      digest: `sha256:${createHash('sha256').update(skillMarkdown(brand, s.name)!, 'utf8').digest('hex')}`,
    })),
  };
}
