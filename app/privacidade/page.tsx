import Page, { generateMetadata } from '@/lib/pages/privacy';

// GET /privacidade: the privacy policy (lib/pages/privacy.tsx).
export { generateMetadata };
export default Page;
