import { removeSavedEventFor, saveEventFor } from '../accounts/settings';
import { getAccountsDb } from '../db/accounts';
import { accountForm, savedPath, withQuery } from './account-actions';
import { assertSameSite, errorCode, formContext, formFields, saveIntent, seeOther, sessionToken } from './account-forms';
import { clearedSessionCookie } from './session-cookie';

// "Salvar" on an event page and "Remover" on /conta. The event page is the same bytes for
// everyone (it is cached), so its form posts here whoever taps it: a signed-in person's
// event is saved and they are back on its page at the note that says so; anyone else
// goes to sign in, carrying the event's slug (a slug's shape and nothing else), and
// comes back the same way once signed in (lib/site/account-actions.ts, signedIn).

/** POST /conta/salvos: saves the event `evento` for the session's account. */
export async function postSaveEvent(request: Request): Promise<Response> {
  const { brand } = formContext(request);
  const fields = await formFields(request);
  try {
    assertSameSite(request, brand);
  } catch (err) {
    return seeOther(brand, withQuery('/conta', { erro: errorCode(err), form: 'salvos' }, '#erro'));
  }
  const slug = saveIntent(fields.evento);
  if (slug === null) return seeOther(brand, withQuery('/conta', { erro: 'unknown_event', form: 'salvos' }, '#erro'));
  const token = sessionToken(request.headers.get('cookie'), brand.site_url);
  const signIn = (cookies: string[] = []) => seeOther(brand, withQuery('/entrar', { salvar: slug }), cookies);
  if (token === null) return signIn();
  try {
    const outcome = await saveEventFor(await getAccountsDb(), brand, token, slug);
    if (outcome === 'saved' || outcome === 'already_saved') return seeOther(brand, savedPath(slug));
    return seeOther(brand, withQuery('/conta', { erro: outcome === 'full' ? 'saved_full' : 'unknown_event', form: 'salvos' }, '#erro'));
  } catch (err) {
    const code = errorCode(err);
    // A session that ended (expired, signed out elsewhere) is a person to sign in again.
    if (code === 'invalid_token' || code === 'token_required') return signIn([clearedSessionCookie(brand.site_url)]);
    return seeOther(brand, withQuery('/conta', { erro: code, form: 'salvos' }, '#erro'));
  }
}

/** POST /conta/salvos/remover: removes the saved event `evento` (one not saved changes nothing). */
export function postRemoveSavedEvent(request: Request): Promise<Response> {
  return accountForm(request, 'salvos', async ({ brand, token, fields }) => {
    await removeSavedEventFor(await getAccountsDb(), brand, token, saveIntent(fields.evento) ?? '');
    return 'removido';
  });
}
