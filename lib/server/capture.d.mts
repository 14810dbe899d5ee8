import type { IncomingMessage, ServerResponse } from 'node:http';
export declare function chosenEncoding(acceptEncoding: string | string[] | undefined): 'gzip' | 'deflate' | undefined;
export declare function captureAnswer(req: IncomingMessage, res: ServerResponse, unavailable: (res: ServerResponse) => unknown): void;
