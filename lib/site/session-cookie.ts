// The website keeps the person's user token in one cookie: httpOnly, SameSite=Lax, path
// /, Secure (and the __Host- prefix) when the site is served over https.
export const SESSION_COOKIE = 'sessao';
export const SECURE_SESSION_COOKIE = '__Host-sessao';

export function sessionCookieName(siteUrl: string): string {
  return siteUrl.startsWith('https:') ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** Does a Cookie header carry a session cookie (of either name)? */
export function hasSessionCookie(cookieHeader: string | null): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((c) => {
    const name = c.split('=')[0]!.trim();
    return name === SESSION_COOKIE || name === SECURE_SESSION_COOKIE;
  });
}

export function sessionCookie(siteUrl: string, token: string, expiresAt: Date): string {
  const secure = siteUrl.startsWith('https:');
  return `${sessionCookieName(siteUrl)}=${token}; Path=/; HttpOnly; SameSite=Lax; Expires=${expiresAt.toUTCString()}${secure ? '; Secure' : ''}`;
}

export function clearedSessionCookie(siteUrl: string): string {
  const secure = siteUrl.startsWith('https:');
  return `${sessionCookieName(siteUrl)}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`;
}

// The open two-step attempt between the password form and the code form: httpOnly,
// SameSite=Strict, only sent to /entrar, gone after 10 minutes.
export const ATTEMPT_COOKIE = 'entrada';

export function attemptCookie(siteUrl: string, attempt: string | null): string {
  const secure = siteUrl.startsWith('https:') ? '; Secure' : '';
  return attempt === null
    ? `${ATTEMPT_COOKIE}=; Path=/entrar; HttpOnly; SameSite=Strict; Max-Age=0${secure}`
    : `${ATTEMPT_COOKIE}=${attempt}; Path=/entrar; HttpOnly; SameSite=Strict; Max-Age=600${secure}`;
}

export function cookieValue(cookieHeader: string | null, name: string): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}
