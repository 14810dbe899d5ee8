export const HEAP_CAP_MIB: number;
export const HEAP_FLOOR_MIB: number;
export const HEAP_SHARE: number;
export function memoryLimit(constrained?: number, total?: number): number;
export function heapBoundMiB(options?: { execArgv?: string[]; env?: Record<string, string | undefined>; heapMax?: string; limitBytes?: number }): number | null;
/** inPlace: replace the process (the default where Node has process.execve) rather than wait for a child. */
export function ensureHeapBound(options?: { inPlace?: boolean }): Promise<void>;
