import { inject } from 'vitest';
import { ContractClient } from '../support/contract';
import type { Target } from './global-setup';

export const targets: Target[] = inject('targets');

export const BRANDS = ['aurora', 'mare', 'sertao'] as const;
export const API = '/api/public/v1';

export function hostOf(brand: string, target: Target): string {
  return `${brand}.localhost:${target.port}`;
}

const clients = new Map<string, Promise<ContractClient>>();

/** A contract-checking client for one server (the document is the same for every brand but its servers URL). */
export function clientFor(target: Target): Promise<ContractClient> {
  let c = clients.get(target.name);
  if (!c) {
    c = ContractClient.connect(target.port);
    clients.set(target.name, c);
  }
  return c;
}
