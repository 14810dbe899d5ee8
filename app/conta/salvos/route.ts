import { formMethodNotAllowed } from '@/lib/site/account-actions';
import { postSaveEvent } from '@/lib/site/saved-event-actions';

// POST /conta/salvos: a form of the website (see lib/site/saved-event-actions.ts).
export const dynamic = 'force-dynamic';
export const POST = postSaveEvent;
const other = () => formMethodNotAllowed('POST');
export { other as GET, other as PUT, other as PATCH, other as DELETE };
