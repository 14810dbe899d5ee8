import { accountApi } from '@/lib/auth-host/account-api';

// GET /api/account/v1/me: the profile of the bearer token's account (RFC 6750, RFC 9728).
const handle = (request: Request) => accountApi(request, 'me');
export const dynamic = 'force-dynamic';
export { handle as GET, handle as HEAD, handle as POST, handle as PUT, handle as PATCH, handle as DELETE, handle as OPTIONS };
