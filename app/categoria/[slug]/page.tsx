import { categoryPage } from '@/lib/pages/landings';

// GET /categoria/{slug}: the upcoming events of a category (lib/pages/landings.ts).
export const generateMetadata = categoryPage.generateMetadata;
export default categoryPage.Page;
