import { z } from 'zod';

const hostName = z
  .string()
  .min(1)
  .transform((h) => h.toLowerCase())
  .refine((h) => /^[a-z0-9.-]+$/.test(h), 'a host name without port or scheme');

const origin = z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, ''));

export const brandSchema = z.object({
  id: z.string().regex(/^[a-z][a-z0-9-]{1,31}$/),
  name: z.string().min(1),
  hosts: z.array(hostName).min(1),
  site_url: origin,
  auth_url: origin,
  /**
   * The brand's purchase flow for one event: an absolute http(s) URL template in which
   * `{slug}` stands for the event's slug. Absent: the brand sells no tickets through the
   * site, and event pages say where tickets are bought instead.
   */
  purchase_url: z
    .url({ protocol: /^https?$/ })
    .refine((u) => u.includes('{slug}'), 'a URL template with {slug}')
    .optional(),
  /**
   * Where people write about their personal data (the privacy policy's contact, LGPD art.
   * 41): an e-mail address. Absent: privacidade@ the site's host name.
   */
  privacy_email: z.email().optional(),
  /** IANA zone in which relative dates ("hoje", "this weekend") are read; default America/Sao_Paulo. */
  timezone: z
    .string()
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'an IANA time zone')
    .optional(),
  theme: z.object({
    primary: z.string().regex(/^#[0-9a-f]{6}$/i),
    accent: z.string().regex(/^#[0-9a-f]{6}$/i),
    background: z.string().regex(/^#[0-9a-f]{6}$/i),
    tagline: z.string().min(1),
  }),
});

export const registrySchema = z
  .object({
    default: z.string(),
    brands: z.array(brandSchema).min(1),
  })
  .superRefine((r, ctx) => {
    const ids = new Set<string>();
    const hosts = new Set<string>();
    for (const b of r.brands) {
      if (ids.has(b.id)) ctx.addIssue({ code: 'custom', message: `duplicate brand id ${b.id}` });
      ids.add(b.id);
      for (const h of b.hosts) {
        if (hosts.has(h)) ctx.addIssue({ code: 'custom', message: `host ${h} belongs to two brands` });
        hosts.add(h);
      }
    }
    if (!ids.has(r.default)) ctx.addIssue({ code: 'custom', message: `default brand ${r.default} is not registered` });
  });

export type Brand = z.infer<typeof brandSchema>;
export type BrandRegistry = z.infer<typeof registrySchema>;
