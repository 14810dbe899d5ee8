import { agentCard } from '@/lib/a2a/agent-card';
import { docRoute, json } from '@/lib/discovery/doc-route';

// GET /.well-known/agent-card.json: the A2A 1.0 agent card of the catalog agent at /a2a.
export const { GET, HEAD } = docRoute((brand) => json(agentCard(brand)));
