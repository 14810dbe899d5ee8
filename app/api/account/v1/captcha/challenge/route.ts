import { accountApi } from '@/lib/auth-host/account-api';

// GET /api/account/v1/captcha/challenge: an ALTCHA challenge for this site's own forms.
const handle = (request: Request) => accountApi(request, 'challenge');
export const dynamic = 'force-dynamic';
export { handle as GET, handle as HEAD, handle as POST, handle as PUT, handle as PATCH, handle as DELETE, handle as OPTIONS };
