import type { AgentCard } from '@a2a-js/sdk';
import type { Brand } from '../brand/schema';
import { brandUrls } from '../http/brand-urls';
import { API_VERSION } from '../version';
import { SUPPORTED_VERSIONS } from './version';

/** The A2A 1.0 agent card of the brand's catalog agent (JSON-RPC at /a2a, no authentication). */
export function agentCard(brand: Brand): AgentCard {
  const u = brandUrls(brand);
  return {
    name: `${brand.name} event catalog`,
    description: `Answers questions about ${brand.name}'s public event catalog from the catalog itself (no language model): searches events and reads an event page with its prices including fees. Read-only; buying happens on ${u.site}.`,
    supportedInterfaces: [{ url: u.a2a, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: SUPPORTED_VERSIONS[0] }],
    provider: { organization: brand.name, url: u.site },
    version: API_VERSION,
    documentationUrl: u.llms,
    capabilities: { streaming: false, pushNotifications: false, extensions: [], extendedAgentCard: false },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/markdown'],
    skills: [
      {
        id: 'search_events',
        name: 'Search events',
        description:
          'Send words (a city, an artist, a genre), in Portuguese or English, and get the matching events that have not ended, with date, place and link. Dates relative to today ("hoje", "neste fim de semana", "próximos 7 dias", "this weekend") and "perto de <cidade>" / "near <city>" are understood as filters.',
        tags: ['events', 'search', 'tickets'],
        examples: ['forró em Recife', 'forró em Recife neste fim de semana', 'jazz perto de São Paulo', 'são paulo', 'festival'],
        inputModes: ['text/plain'],
        outputModes: ['text/markdown'],
        securityRequirements: [],
      },
      {
        id: 'event_page',
        name: 'Read an event page',
        description: 'Send an event slug (or its page URL) and get the event page as Markdown with every ticket lot and its price including fees.',
        tags: ['events', 'prices'],
        examples: [`${u.site}/eventos/<slug>`],
        inputModes: ['text/plain'],
        outputModes: ['text/markdown'],
        securityRequirements: [],
      },
    ],
    signatures: [],
  };
}
