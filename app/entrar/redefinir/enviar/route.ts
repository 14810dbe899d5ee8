import { postReset, formMethodNotAllowed } from '@/lib/site/account-actions';

// POST /entrar/redefinir/enviar: the new password of a reset link (see lib/site/account-actions.ts).
export const dynamic = 'force-dynamic';
export const POST = postReset;
const other = () => formMethodNotAllowed('POST');
export { other as GET, other as PUT, other as PATCH, other as DELETE };
