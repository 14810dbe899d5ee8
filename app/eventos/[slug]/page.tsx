import Page, { generateMetadata } from '@/lib/pages/event';

// GET /eventos/{slug}: one event (lib/pages/event.tsx).
export { generateMetadata };
export default Page;
