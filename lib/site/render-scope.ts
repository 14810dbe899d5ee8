import { AsyncLocalStorage } from 'node:async_hooks';
import { notFound } from 'next/navigation';
import { cache } from 'react';

// A page rendered by lib/pages (a public page, outside the framework's router) runs inside
// a render scope: the Host it is rendered for, and the reads it has made, so that a page's
// metadata and body read the event once, as React's cache() does for a framework render.

type Scope = { host: string; memo: Map<unknown, Map<string, unknown>> };

const scopes = new AsyncLocalStorage<Scope>();

/** Runs `render` as a page render for `host`. */
export function inRenderScope<T>(host: string, render: () => Promise<T>): Promise<T> {
  return scopes.run({ host, memo: new Map() }, render);
}

/** The render scope of the page being rendered by lib/pages, if any. */
export const renderScope = (): Scope | undefined => scopes.getStore();

/**
 * `fn` read once per page render: in a lib/pages render, once per scope and arguments; in a
 * framework render, through React's cache().
 */
export function perRender<A extends Array<string | number>, R>(fn: (...args: A) => R): (...args: A) => R {
  const cached = cache(fn);
  return (...args: A): R => {
    const scope = scopes.getStore();
    if (!scope) return cached(...args);
    let calls = scope.memo.get(fn);
    if (!calls) scope.memo.set(fn, (calls = new Map()));
    const key = JSON.stringify(args);
    if (!calls.has(key)) calls.set(key, fn(...args));
    return calls.get(key) as R;
  };
}

/** What a lib/pages render throws for a page with nothing to show. */
export class PageNotFound extends Error {
  constructor() {
    super('the page has nothing to show');
  }
}

/** A page with nothing to show (a missing event, a city without events): the site's 404 page, in a lib/pages render as in the framework's. */
export function pageNotFound(): never {
  if (scopes.getStore()) throw new PageNotFound();
  notFound();
}
