import { cityPage } from '@/lib/pages/landings';

// GET /eventos-em/{city}: the upcoming events of a city of the catalog (lib/pages/landings.ts).
export const generateMetadata = cityPage.generateMetadata;
export default cityPage.Page;
