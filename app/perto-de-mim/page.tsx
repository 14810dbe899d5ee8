import Page, { generateMetadata } from '@/lib/pages/near-me';

// GET /perto-de-mim: events near the visitor (lib/pages/near-me.tsx).
export { generateMetadata };
export default Page;
