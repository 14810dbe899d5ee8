import { postName, formMethodNotAllowed } from '@/lib/site/account-actions';

// POST /conta/nome: a form of the website (see lib/site/account-actions.ts).
export const dynamic = 'force-dynamic';
export const POST = postName;
const other = () => formMethodNotAllowed('POST');
export { other as GET, other as PUT, other as PATCH, other as DELETE };
