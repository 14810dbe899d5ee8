import { getEventPageTool } from './get-event-page';
import { getEventTool } from './get-event';
import { searchEventsTool } from './search-events';
import type { Tool } from './tool';

/** The MCP server's tools, in the order tools/list gives them. */
export const TOOLS: readonly Tool[] = [searchEventsTool, getEventTool, getEventPageTool];
