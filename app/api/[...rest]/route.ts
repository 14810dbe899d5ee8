import { apiNotFound } from '@/lib/http/not-found';

// Any other path under /api: a 404 problem, never an HTML page, whatever the method.
export const GET = apiNotFound;
export const HEAD = apiNotFound;
export const POST = apiNotFound;
export const PUT = apiNotFound;
export const PATCH = apiNotFound;
export const DELETE = apiNotFound;
export const OPTIONS = apiNotFound;
