import { postConfirm, formMethodNotAllowed } from '@/lib/site/account-actions';

// POST /cadastro/confirmar/enviar: the button of the page a verification link opens (see lib/site/account-actions.ts).
export const dynamic = 'force-dynamic';
export const POST = postConfirm;
const other = () => formMethodNotAllowed('POST');
export { other as GET, other as PUT, other as PATCH, other as DELETE };
