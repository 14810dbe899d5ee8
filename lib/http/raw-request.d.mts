import type { IncomingMessage, ServerResponse } from 'node:http';

export type ScreenedAnswer = { status: number; headers: Record<string, string>; body: string };
export declare const BODY_LIMITS: Readonly<Record<string, number>>;
export declare const DEFAULT_BODY_LIMIT: number;
export declare function bodyLimitFor(path: string): number;
export declare function decodablePath(pathname: string): string;
export declare function screenRequest(req: IncomingMessage): ScreenedAnswer | null;
export declare function guardBody(req: IncomingMessage, res: ServerResponse, limit: number, marker: string, proceed: (oversized: boolean) => void): void;
export declare function sendScreened(res: ServerResponse, answer: ScreenedAnswer, method: string | undefined): void;
