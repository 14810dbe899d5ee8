import { docRoute, json } from '@/lib/discovery/doc-route';
import { skillsIndex } from '@/lib/discovery/skills';

// GET /.well-known/agent-skills/index.json: the agent skills discovery index (v0.2.0).
export const { GET, HEAD } = docRoute((brand) => json(skillsIndex(brand)));
