/** The network a client address stands for: the IPv4 address itself, or the IPv6 address's /64. */
export declare function addressGroup(address: string): string;
