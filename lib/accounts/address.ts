// An e-mail address as accounts accept it: one mailbox, written `local@domain`, nothing
// else. No display name, no angle brackets, no comments, no quoted local part, no list,
// no address literal: any of these would let the text that is checked differ from the
// mailbox a mailer delivers to (`x<attacker@evil.com>` is delivered to attacker@evil.com).

// RFC 5322 dot-atom: atext characters, dots only between them.
const LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
// Host names of letters (any script, for internationalized domains), digits and inner
// hyphens; a top-level label of letters.
const DOMAIN = /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+\p{L}{2,63}$/u;

/** The address, trimmed and lowercased, when it is one plain mailbox; otherwise null. */
export function mailbox(raw: string): string | null {
  const address = raw.trim().toLowerCase();
  if (address.length > 254) return null;
  const at = address.lastIndexOf('@');
  if (at < 1) return null;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (local.length > 64 || !LOCAL.test(local) || !DOMAIN.test(domain)) return null;
  return address;
}
