import type { Server, ServerOptions } from 'node:http';

export declare const FALLBACK_OPEN_FILES: number;
export declare const MIN_RESERVED_FILES: number;
export declare const MAX_DERIVED_CONNECTIONS: number;
export declare const MAX_REFUSING: number;
export declare const REFUSAL_LINGER_MS: number;
export declare const LOG_EVERY_MS: number;
export declare const REFUSAL: string;

export type ConnectionSettings = {
  /** The soft open-file limit read, or undefined. */
  openFiles: number | undefined;
  /** Descriptors left for the server's own files at the most connections, when the limit is known and finite. */
  filesLeft: number | undefined;
  maxConnections: number;
  maxPerAddress: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
};

export declare function openFileLimit(read?: () => string): number | undefined;
export declare function connectionSettings(env: Record<string, string | undefined>, read?: () => string): ConnectionSettings;
export declare function serverOptions(settings: Pick<ConnectionSettings, 'headersTimeoutMs' | 'requestTimeoutMs'>): ServerOptions;

type Logger = { warn: (fields: object, msg: string) => void };
export declare function limitConnections(
  server: Server,
  options: {
    maxConnections: number;
    maxPerAddress: number;
    exempt?: readonly string[];
    logger?: Logger;
    onRefuse?: (reason: 'address' | 'total' | 'overflow') => void;
    onShed?: () => void;
  },
): { open: () => number };
