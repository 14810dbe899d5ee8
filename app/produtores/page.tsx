import Page, { generateMetadata } from '@/lib/pages/organizers';

// GET /produtores: the organizers (lib/pages/organizers.tsx).
export { generateMetadata };
export default Page;
