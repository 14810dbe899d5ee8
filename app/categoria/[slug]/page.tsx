import { landingRoute } from '@/app/_components/landing-listing';

// GET /categoria/{slug}: the upcoming events of a category (404 for a slug that names none).
const route = landingRoute('category', 'slug');
export const generateMetadata = route.generateMetadata;
export default route.Page;
