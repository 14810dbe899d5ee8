import { describe, expect, test } from 'vitest';
import { whatsappUrl } from './share';

describe('share links', () => {
  test("WhatsApp: a wa.me link whose text is the event's name and canonical URL, escaped", () => {
    const link = whatsappUrl('Forró & Xote <ao vivo>', 'http://aurora.localhost:3000/eventos/forro-1');
    const url = new URL(link);
    expect(url.origin + url.pathname).toBe('https://wa.me/');
    expect(url.searchParams.get('text')).toBe('Forró & Xote <ao vivo> http://aurora.localhost:3000/eventos/forro-1');
    expect(link).not.toMatch(/[<>& ]ao|Xote </);
  });
});
