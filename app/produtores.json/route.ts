import { organizerSuggestionsResponse } from '@/lib/site/organizer-suggestions';

// GET /produtores.json?q=<words>: organizers whose names hold the words, for the suggestions of /produtores.
export const GET = organizerSuggestionsResponse;
export const HEAD = organizerSuggestionsResponse;
