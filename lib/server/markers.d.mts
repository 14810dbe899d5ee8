export declare const PEER_HEADER: 'x-catalog-peer';
export declare const ORIGINAL_METHOD_HEADER: 'x-catalog-original-method';
export declare const FLIGHT_HEADER: 'x-catalog-flight';
export declare const PAGE_MARKER: 'x-catalog-page';
export declare const OVERSIZED_HEADER: 'x-catalog-oversized';
export declare const INTERNAL_TOKEN: unique symbol;
export declare const INTERNAL_HEADER: 'x-catalog-internal';
