import { landingRoute } from '@/app/_components/landing-listing';

// GET /eventos-em/{city}: the upcoming events of a city of the catalog (404 for a city without them).
const route = landingRoute('city', 'city');
export const generateMetadata = route.generateMetadata;
export default route.Page;
