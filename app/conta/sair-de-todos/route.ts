import { postSignOutEverywhere, formMethodNotAllowed } from '@/lib/site/account-actions';

// POST /conta/sair-de-todos: every session of the account ends (see lib/site/account-actions.ts).
export const dynamic = 'force-dynamic';
export const POST = postSignOutEverywhere;
const other = () => formMethodNotAllowed('POST');
export { other as GET, other as PUT, other as PATCH, other as DELETE };
