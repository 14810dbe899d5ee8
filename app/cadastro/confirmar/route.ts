import { getConfirm, formMethodNotAllowed } from '@/lib/site/account-actions';

// GET /cadastro/confirmar?token=…: the link of the verification e-mail.
export const dynamic = 'force-dynamic';
export const GET = getConfirm;
const other = () => formMethodNotAllowed('GET');
export { other as POST, other as PUT, other as PATCH, other as DELETE };
