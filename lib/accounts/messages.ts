import type { Brand } from '../brand/schema';
import { senderFor, type Mail } from './mail';
import { CODE_TTL_S } from './two-step';

// The account e-mails, in pt-BR, plain text. Links are built on the brand's site URL.
export function verificationLink(brand: Brand, secret: string): string {
  return `${brand.site_url}/cadastro/confirmar?token=${encodeURIComponent(secret)}`;
}

export function verificationMail(brand: Brand, to: string, name: string, secret: string): Mail {
  return {
    from: senderFor(brand.name, brand.site_url),
    to,
    subject: `${brand.name}: confirme seu e-mail`,
    text: `Olá, ${name}!\n\nPara confirmar seu e-mail na ${brand.name}, abra este link (válido por 48 horas):\n\n${verificationLink(brand, secret)}\n\nSe você não criou esta conta, ignore esta mensagem.\n`,
  };
}

export function existingAccountMail(brand: Brand, to: string, name: string): Mail {
  return {
    from: senderFor(brand.name, brand.site_url),
    to,
    subject: `${brand.name}: tentativa de cadastro com seu e-mail`,
    text: `Olá, ${name}!\n\nAlguém tentou criar uma conta na ${brand.name} com este e-mail, que já tem uma conta.\nSe foi você, entre em ${brand.site_url}/entrar com sua senha.\nSe não foi, nada mudou na sua conta e você pode ignorar esta mensagem.\n`,
  };
}

export function codeMail(brand: Brand, to: string, name: string, code: string): Mail {
  return {
    from: senderFor(brand.name, brand.site_url),
    to,
    subject: `${brand.name}: seu código de verificação`,
    text: `Olá, ${name}!\n\nSeu código para entrar na ${brand.name} é: ${code}\n\nEle vale por ${CODE_TTL_S / 60} minutos e para uma única entrada. Nunca o informe a ninguém, nem a um assistente.\n`,
  };
}
