import type { Brand } from '../brand/schema';
import { openApiFor } from '../openapi/document';

type Op = { operationId?: string; summary?: string; description?: string; parameters?: Array<{ name: string; in: string; description?: string }>; responses?: Record<string, { description?: string }> };

/** The API guide in prose (Markdown), written from the same OpenAPI document. */
export function apiGuide(brand: Brand): string {
  const doc = openApiFor(brand) as unknown as { info: { title: string; description?: string }; servers?: Array<{ url: string }>; paths: Record<string, Record<string, Op>> };
  const base = doc.servers?.[0]?.url ?? '';
  const lines = [`# ${doc.info.title}`, '', `Base URL: ${base}`, '', doc.info.description ?? '', ''];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      lines.push(`## ${method.toUpperCase()} ${path}${op.operationId ? ` (${op.operationId})` : ''}`, '');
      if (op.summary) lines.push(op.summary + '.', '');
      if (op.description) lines.push(op.description, '');
      if (op.parameters?.length) {
        lines.push('| parameter | in | meaning |', '|---|---|---|');
        for (const p of op.parameters) lines.push(`| \`${p.name}\` | ${p.in} | ${(p.description ?? '').replace(/\|/g, '\\|')} |`);
        lines.push('');
      }
      const statuses = Object.entries(op.responses ?? {}).map(([s, r]) => `- ${s}: ${r.description ?? ''}`);
      if (statuses.length) lines.push(...statuses, '');
    }
  }
  return lines.join('\n');
}
