export declare const PEER_HEADER: 'x-catalog-peer';
export declare const ORIGINAL_METHOD_HEADER: 'x-catalog-original-method';
export declare const FLIGHT_HEADER: 'x-catalog-flight';
export declare const PAGE_MARKER: 'x-catalog-page';
export declare const OVERSIZED_HEADER: 'x-catalog-oversized';
export declare const FILL_HEADER: 'x-catalog-fill';
export declare const INTERNAL_TOKEN: unique symbol;
export declare const INTERNAL_HEADER: 'x-catalog-internal';
export declare const CAPTURE_HEADER: 'x-catalog-capture';
export declare const CAPTURE_HOOK: unique symbol;
export declare const CAPTURES_PAGES: unique symbol;
/** What server.mjs hands over of a route's answer, and what it sends instead. */
export type CapturedAnswer = { status: number; headers: Record<string, string>; body: string };
/** The function registered under CAPTURE_HOOK: `done` with the route's answer, or `failed` when none came. */
export type CaptureHook = { done(id: string, answer: CapturedAnswer): Promise<CapturedAnswer>; failed(id: string): void };
