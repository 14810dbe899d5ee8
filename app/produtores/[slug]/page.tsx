import { landingRoute } from '@/app/_components/landing-listing';

// GET /produtores/{slug}: the upcoming events of an organizer (404 for one without them).
const route = landingRoute('organizer', 'slug');
export const generateMetadata = route.generateMetadata;
export default route.Page;
