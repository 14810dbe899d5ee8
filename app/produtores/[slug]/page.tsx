import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { LandingListing, landingMetadata, landingPage, type LandingSearchParams } from '@/app/_components/landing-listing';
import { currentBrand } from '@/lib/site/brand-context';
import { findLanding } from '@/lib/site/landing';

type Params = Promise<{ slug: string }>;

async function load(params: Params) {
  const brand = await currentBrand();
  const landing = await findLanding(brand, 'organizer', (await params).slug);
  if (!landing) notFound();
  return { brand, landing };
}

export async function generateMetadata({ params, searchParams }: { params: Params; searchParams: LandingSearchParams }): Promise<Metadata> {
  const { brand, landing } = await load(params);
  return landingMetadata(brand, landing, await landingPage(searchParams));
}

// GET /produtores/{slug}: the upcoming events of an organizer (404 for one without them).
export default async function Page({ params, searchParams }: { params: Params; searchParams: LandingSearchParams }) {
  const { brand, landing } = await load(params);
  return <LandingListing brand={brand} landing={landing} page={await landingPage(searchParams)} />;
}
