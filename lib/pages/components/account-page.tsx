import { headers } from 'next/headers';
import { recalledForm, type FormName, type Remembered } from '@/lib/site/form-memory';

/** What Next gives an account page: its query, whose parameters say which step and which error to show. */
export type AccountPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The first value of a query parameter. */
export const firstValue = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

/**
 * The message of a refused form (lib/site/account-forms), announced to screen readers;
 * nothing without one. The form's answer lands on `#erro`, and the message, focusable,
 * takes the focus: the next thing read and the place a keyboard goes on from.
 */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="error" id="erro" tabIndex={-1}>
      {message}
    </p>
  );
}

/** The message of a form that went through, where its answer lands (`#feito`), focused like an error. */
export function FormDone({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="status" className="ok" id="feito" tabIndex={-1}>
      {message}
    </p>
  );
}

/** The e-mail field of the sign-in and sign-up forms, filled in with what the person typed before (lib/site/form-memory.ts). */
export function EmailField({ value }: { value?: string }) {
  return (
    <label>
      E-mail
      <input type="email" name="email" autoComplete="email" required maxLength={254} defaultValue={value} />
    </label>
  );
}

/** What a refused form gave back for this page (never a password). */
export async function recalled(form: FormName): Promise<Remembered> {
  return recalledForm((await headers()).get('cookie'), form);
}

/** The page after a form that mailed a link: what to look for, and the way back to sign in. */
export function CheckYourMail({ children }: { children: React.ReactNode }) {
  return (
    <div className="account">
      <h1>Confira seu e-mail</h1>
      <p role="status" className="ok">
        {children}
      </p>
      <a className="button" href="/entrar">
        Entrar
      </a>
    </div>
  );
}
