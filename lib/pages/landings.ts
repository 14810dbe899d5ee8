import { landingRoute } from './components/landing-listing';

// The landing pages: a city's, a category's and an organizer's upcoming events.

/** GET /eventos-em/{city}: 404 for a city without events. */
export const cityPage = landingRoute('city', 'city');
/** GET /categoria/{slug}: 404 for a slug that names no category. */
export const categoryPage = landingRoute('category', 'slug');
/** GET /produtores/{slug}: 404 for an organizer without events. */
export const organizerPage = landingRoute('organizer', 'slug');
