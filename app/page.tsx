import Page, { generateMetadata } from '@/lib/pages/listing';

// GET /: the brand's events, searched and filtered (lib/pages/listing.tsx).
export { generateMetadata };
export default Page;
