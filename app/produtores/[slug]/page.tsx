import { organizerPage } from '@/lib/pages/landings';

// GET /produtores/{slug}: the upcoming events of an organizer (lib/pages/landings.ts).
export const generateMetadata = organizerPage.generateMetadata;
export default organizerPage.Page;
