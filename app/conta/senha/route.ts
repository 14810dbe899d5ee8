import { postPassword, formMethodNotAllowed } from '@/lib/site/account-actions';

// POST /conta/senha: a form of the website (see lib/site/account-actions.ts).
export const dynamic = 'force-dynamic';
export const POST = postPassword;
const other = () => formMethodNotAllowed('POST');
export { other as GET, other as PUT, other as PATCH, other as DELETE };
