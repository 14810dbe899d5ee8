import { postForgot, formMethodNotAllowed } from '@/lib/site/account-actions';

// POST /entrar/esqueci/enviar: the request for a password-reset link (see lib/site/account-actions.ts).
export const dynamic = 'force-dynamic';
export const POST = postForgot;
const other = () => formMethodNotAllowed('POST');
export { other as GET, other as PUT, other as PATCH, other as DELETE };
