import Page, { generateMetadata } from '@/lib/pages/demo-purchase';

// GET /comprar/{slug}: the demo catalog's purchase page (lib/pages/demo-purchase.tsx).
export { generateMetadata };
export default Page;
