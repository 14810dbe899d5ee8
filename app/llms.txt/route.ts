import { docRoute, text } from '@/lib/discovery/doc-route';
import { llmsTxt } from '@/lib/discovery/texts';

// GET /llms.txt: the llmstxt.org summary of the brand's catalog for language models.
export const { GET, HEAD } = docRoute((brand) => text(llmsTxt(brand), 'text/markdown; charset=utf-8'));
