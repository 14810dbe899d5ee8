import type { CallToolResult } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import type { Brand } from '../../brand/schema';

// What an MCP tool is: its definition (title, description, input and output schemas) and
// what it does with arguments that passed its input schema. One tool a file, listed in
// ./index.ts.

/** A tool's result: its text, its structured content (under the revisions that have it) and notes beside them. */
export type ToolOutput = { text: string; structured?: Record<string, unknown>; notes?: string[] };

export type ToolDefinition = { title: string; description: string; inputSchema: Record<string, z.ZodType>; outputSchema: z.ZodType };

export type Tool = {
  name: string;
  /** `now`: a definition may state today's date (the search tool does). */
  define: (brand: Brand, now: Date) => ToolDefinition;
  run: (brand: Brand, args: Record<string, unknown>) => Promise<ToolOutput | CallToolResult>;
};

export const textResult = (text: string): CallToolResult => ({ content: [{ type: 'text' as const, text }] });
export const failure = (text: string): CallToolResult => ({ ...textResult(text), isError: true });
export const notFound = (slug: string): CallToolResult => failure(`No event "${slug.slice(0, 160)}" in this catalog.`);
