import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { matchAddress, type PublicPage } from './addresses';
import * as demoPurchase from './demo-purchase';
import * as event from './event';
import { categoryPage, cityPage, organizerPage } from './landings';
import * as listing from './listing';
import * as nearMe from './near-me';
import * as organizers from './organizers';
import * as privacy from './privacy';
import * as terms from './terms';

// The module of each public page (addresses.ts): its body and its metadata, as app/ hands
// them to the framework.

export type PageProps = { params: Promise<Record<string, string>>; searchParams: Promise<Record<string, string | string[] | undefined>> };
export type PageModule = { default: (props: PageProps) => ReactNode | Promise<ReactNode>; generateMetadata?: (props: PageProps) => Promise<Metadata> };

const landing = (route: typeof cityPage): PageModule => ({ default: route.Page, generateMetadata: route.generateMetadata });
/** A page module, whose parameters are those its address names (matchAddress gives them so). */
const page = (module: unknown): PageModule => module as PageModule;

const MODULES: Record<PublicPage, PageModule> = {
  '/': page(listing),
  '/eventos/[slug]': page(event),
  '/eventos-em/[city]': landing(cityPage),
  '/categoria/[slug]': landing(categoryPage),
  '/produtores': page(organizers),
  '/produtores/[slug]': landing(organizerPage),
  '/perto-de-mim': page(nearMe),
  '/privacidade': page(privacy),
  '/termos': page(terms),
  '/comprar/[slug]': page(demoPurchase),
};

/** The public page at `pathname` with its parameters, or null. */
export function matchPage(pathname: string): { page: PageModule; params: Record<string, string> } | null {
  const match = matchAddress(pathname);
  return match ? { page: MODULES[match.address], params: match.params } : null;
}
