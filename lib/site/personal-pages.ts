// Pages that show or act for one signed-in person: never cached, CSP with a per-response nonce.
export const PERSONAL_PAGE_PATHS = ['/entrar', '/cadastro', '/conta'] as const;

export function isPersonalPage(pathname: string): boolean {
  return PERSONAL_PAGE_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}
