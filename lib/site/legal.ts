import type { Brand } from '../brand/schema';

// What the privacy policy and the terms say that depends on the brand or on the code:
// whom to write to, and how long each kind of personal data is kept. The durations are
// the ones the code enforces (lib/accounts, lib/site/session-cookie.ts,
// lib/site/form-memory.ts); a change there is a change here.

/** The brand's contact for personal data (LGPD art. 41): `privacy_email` of the registry, else privacidade@ its site's host. */
export function privacyEmail(brand: Brand): string {
  return brand.privacy_email ?? `privacidade@${new URL(brand.site_url).hostname}`;
}

/** How long each kind of personal data is kept, in the words of the policy. */
export const RETENTION = [
  ['Conta (nome, e-mail, senha cifrada, eventos salvos, preferências)', 'enquanto a conta existir; apagada na hora quando você a exclui em Minha conta, ou em até 15 dias depois de um pedido por e-mail'],
  ['Conta criada e nunca confirmada', '48 horas, a validade do link de confirmação; depois disso é apagada'],
  ['Sessão no site (cookie "sessao")', '12 horas, ou até você sair'],
  ['Links de confirmação e de nova senha', '48 horas e 1 hora, e valem uma vez só; guardamos apenas um resumo criptográfico (hash)'],
  ['Códigos da verificação em duas etapas', '10 minutos; guardamos apenas um resumo criptográfico (hash)'],
  ['E-mails da conta à espera de envio (endereço e mensagem, como o que confirma a exclusão)', 'até serem enviados, no máximo 1 hora'],
  ['O que você digitou num formulário recusado (nome e e-mail, nunca a senha)', '10 minutos, num cookie do seu navegador'],
  ['Contadores contra tentativas abusivas (por e-mail e por endereço IP)', 'de 15 minutos a 1 dia, conforme o limite'],
  ['Registros de acesso (endereço IP, data e hora, página pedida)', '6 meses, como exige o Marco Civil da Internet (Lei 12.965/2014, art. 15)'],
] as const;
