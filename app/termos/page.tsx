import Page, { generateMetadata } from '@/lib/pages/terms';

// GET /termos: the terms of use (lib/pages/terms.tsx).
export { generateMetadata };
export default Page;
