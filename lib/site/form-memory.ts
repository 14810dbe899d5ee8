import { cookieValue } from './session-cookie';

// What a refused account form gives back to the person: the name and e-mail they typed
// (never a password), and on sign-up the solved CAPTCHA when the refusal came before it
// was checked. The form answers with a redirect (Post/Redirect/Get), so these travel in a
// short-lived cookie rather than in the URL, where addresses would end up in history
// and logs: httpOnly, SameSite=Strict, sent only to the form's own page, 10 minutes.

export type FormName = 'cadastro' | 'entrar';
export type Remembered = { name?: string; email?: string; captcha?: string };

const COOKIE: Record<FormName, string> = { cadastro: 'form-cadastro', entrar: 'form-entrar' };
const PATH: Record<FormName, string> = { cadastro: '/cadastro', entrar: '/entrar' };
const MAX_AGE_S = 600;
/** What fits a cookie with room to spare; a longer value is not remembered. */
const LIMITS = { name: 100, email: 254, captcha: 2_500 } as const;

function clean(values: Remembered): Remembered {
  const out: Remembered = {};
  for (const key of ['name', 'email', 'captcha'] as const) {
    const v = values[key];
    if (typeof v === 'string' && v.trim() !== '' && v.length <= LIMITS[key]) out[key] = key === 'captcha' ? v : v.trim();
  }
  return out;
}

/** The Set-Cookie that remembers a refused form's values (or forgets them when there are none). */
export function rememberForm(siteUrl: string, form: FormName, values: Remembered): string {
  const secure = siteUrl.startsWith('https:') ? '; Secure' : '';
  const kept = clean(values);
  if (Object.keys(kept).length === 0) return forgetForm(siteUrl, form);
  const value = Buffer.from(JSON.stringify(kept), 'utf8').toString('base64url');
  return `${COOKIE[form]}=${value}; Path=${PATH[form]}; HttpOnly; SameSite=Strict; Max-Age=${MAX_AGE_S}${secure}`;
}

/** The Set-Cookie that forgets them (after a form went through). */
export function forgetForm(siteUrl: string, form: FormName): string {
  const secure = siteUrl.startsWith('https:') ? '; Secure' : '';
  return `${COOKIE[form]}=; Path=${PATH[form]}; HttpOnly; SameSite=Strict; Max-Age=0${secure}`;
}

/** What a form page fills in from its cookie; nothing when it is absent or not ours. */
export function recalledForm(cookieHeader: string | null, form: FormName): Remembered {
  const raw = cookieValue(cookieHeader, COOKIE[form]);
  if (!raw || raw.length > 4_096) return {};
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const p = parsed as Record<string, unknown>;
    return clean({
      name: typeof p.name === 'string' ? p.name : undefined,
      email: typeof p.email === 'string' ? p.email : undefined,
      captcha: typeof p.captcha === 'string' ? p.captcha : undefined,
    });
  } catch {
    return {};
  }
}
