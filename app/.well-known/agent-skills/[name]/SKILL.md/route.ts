import { docRoute, text } from '@/lib/discovery/doc-route';
import { skillMarkdown } from '@/lib/discovery/skills';

// GET /.well-known/agent-skills/{name}/SKILL.md: one skill, byte for byte what the index digests.
export const { GET, HEAD } = docRoute((brand, _request, params) => {
  const md = skillMarkdown(brand, params.name ?? '');
  return md === null ? null : text(md, 'text/markdown; charset=utf-8');
});
