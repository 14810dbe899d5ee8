import type { Brand } from '@/lib/brand/schema';

/**
 * A link's preview picture of an event (1200×630, what WhatsApp and other apps show above a
 * shared link): the brand's colours, its name, and the event's name, date and place, drawn
 * by next/og (satori). Text only, from the catalog: satori writes it as glyphs, never markup.
 */
export function EventPreviewImage({ brand, name, when, where }: { brand: Brand; name: string; when: string; where: string }) {
  const title = name.length > 90 ? `${name.slice(0, 89).trimEnd()}…` : name;
  return (
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: '64px 72px',
        color: '#ffffff',
        backgroundImage: `linear-gradient(135deg, ${brand.theme.primary} 0%, ${brand.theme.primary} 55%, ${brand.theme.accent} 100%)`,
      }}
    >
      <div style={{ display: 'flex', fontSize: 34, fontWeight: 700, opacity: 0.9 }}>{brand.name}</div>
      <div style={{ display: 'flex', fontSize: title.length > 50 ? 60 : 72, fontWeight: 700, lineHeight: 1.1 }}>{title}</div>
      <div style={{ display: 'flex', flexDirection: 'column', fontSize: 36, lineHeight: 1.3 }}>
        <div style={{ display: 'flex' }}>{when}</div>
        <div style={{ display: 'flex' }}>{where}</div>
      </div>
    </div>
  );
}
