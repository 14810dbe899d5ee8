import type { Brand } from '../brand/schema';
import { senderFor, type Mail } from './mail';
import { CODE_TTL_S } from './two-step';

// The account e-mails, in pt-BR, plain text. Links are built on the brand's site URL.
export function verificationLink(brand: Brand, secret: string): string {
  return `${brand.site_url}/cadastro/confirmar?token=${encodeURIComponent(secret)}`;
}

/** What made a verification link: a sign-up, or a sign-in of the unverified account. */
export type LinkReason = 'sign-up' | 'sign-in';

const REQUESTED: Record<LinkReason, string> = {
  'sign-up': 'um cadastro feito com este e-mail',
  'sign-in': 'uma tentativa de entrar com este e-mail, cuja senha estava certa',
};

// A mail to an address not yet verified carries no text chosen by whoever asked for it
// (no name): the address may be someone else's. It says which kind of request sent it,
// since the link confirms the password of that request and no other.
export function verificationMail(brand: Brand, to: string, secret: string, reason: LinkReason): Mail {
  return {
    from: senderFor(brand.name, brand.site_url),
    to,
    subject: `${brand.name}: confirme seu e-mail`,
    text: `Olá!\n\nPedimos para confirmar este e-mail para uma conta na ${brand.name}. Para confirmar, abra este link (válido por 48 horas) e toque em "Confirmar e-mail":\n\n${verificationLink(brand, secret)}\n\nEste link foi pedido por ${REQUESTED[reason]}, e confirmar vale a senha usada nesse pedido. Se não foi você, ignore esta mensagem: sem confirmação, nada é criado e o pedido expira.\n`,
  };
}

export function resetLink(brand: Brand, secret: string): string {
  return `${brand.site_url}/entrar/redefinir?token=${encodeURIComponent(secret)}`;
}

export function resetMail(brand: Brand, to: string, secret: string): Mail {
  return {
    from: senderFor(brand.name, brand.site_url),
    to,
    subject: `${brand.name}: redefinir sua senha`,
    text: `Olá!\n\nPara escolher uma nova senha na ${brand.name}, abra este link (válido por 1 hora, para um único uso):\n\n${resetLink(brand, secret)}\n\nAo trocar a senha, você sai de todos os dispositivos. Se você não pediu, ignore esta mensagem: sua senha continua a mesma.\n`,
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

/** The account is gone: what was deleted, and that nothing else needs doing. No link. */
export function deletedAccountMail(brand: Brand, to: string, name: string): Mail {
  return {
    from: senderFor(brand.name, brand.site_url),
    to,
    subject: `${brand.name}: sua conta foi excluída`,
    text: `Olá, ${name}!\n\nSua conta na ${brand.name} foi excluída a seu pedido, com o nome, o e-mail, a senha e os eventos salvos. Todos os dispositivos conectados saíram da conta.\n\nNão é preciso fazer mais nada. Se quiser voltar, crie uma conta nova em ${brand.site_url}/cadastro.\nSe não foi você quem pediu, escreva para o contato de privacidade indicado em ${brand.site_url}/privacidade.\n`,
  };
}
