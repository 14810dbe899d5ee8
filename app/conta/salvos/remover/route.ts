import { formMethodNotAllowed } from '@/lib/site/account-actions';
import { postRemoveSavedEvent } from '@/lib/site/saved-event-actions';

// POST /conta/salvos/remover: a form of the website (see lib/site/saved-event-actions.ts).
export const dynamic = 'force-dynamic';
export const POST = postRemoveSavedEvent;
const other = () => formMethodNotAllowed('POST');
export { other as GET, other as PUT, other as PATCH, other as DELETE };
