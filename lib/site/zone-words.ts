// A time zone in the words people in Brazil use for it. Most of the country keeps
// Brasília's clock, and people call that "horário de Brasília" whatever the city (an event
// in João Pessoa, whose zone is named after Fortaleza, is "horário de Brasília", never
// another city's). A zone on another clock is named after its state or city, with its
// offset from UTC: "horário de Manaus (UTC−4)", "horário do Acre (UTC−5)".

const BRASILIA = 'America/Sao_Paulo';

/** Brazil's zones off Brasília's clock, by the place people name them after (with its article). */
const OWN_WORDS: Record<string, string> = {
  'America/Noronha': 'de Fernando de Noronha',
  'America/Manaus': 'de Manaus',
  'America/Cuiaba': 'de Cuiabá',
  'America/Campo_Grande': 'de Campo Grande',
  'America/Porto_Velho': 'de Porto Velho',
  'America/Boa_Vista': 'de Boa Vista',
  'America/Rio_Branco': 'do Acre',
  'America/Eirunepe': 'do Acre',
};

/** Brazil's zones that keep Brasília's clock (UTC−3, no daylight saving since 2019). */
const BRASILIA_CLOCK = new Set([BRASILIA, 'America/Bahia', 'America/Recife', 'America/Fortaleza', 'America/Belem', 'America/Maceio', 'America/Araguaina', 'America/Santarem']);

const offsetFormats = new Map<string, Intl.DateTimeFormat | null>();

/** The zone's offset from UTC at `at`, in minutes (null for a name no clock knows). */
function offsetMinutes(zone: string, at: Date): number | null {
  let f = offsetFormats.get(zone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' });
    } catch {
      f = null;
    }
    offsetFormats.set(zone, f);
  }
  if (!f) return null;
  const name = f.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{1,2})(?::(\d{2}))?/.exec(name);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

/** −240 → "UTC−4"; 330 → "UTC+5:30" (with a true minus sign). */
function utcOffset(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const abs = Math.abs(minutes);
  const hm = abs % 60 === 0 ? String(abs / 60) : `${Math.floor(abs / 60)}:${String(abs % 60).padStart(2, '0')}`;
  return `UTC${minutes < 0 ? '−' : '+'}${hm}`;
}

/**
 * The words for the clock of `tz` at the instant `at` (an event's start): "horário de
 * Brasília" where the zone's clock is Brasília's, else its place and its offset.
 */
export function zoneWords(tz: string | null, at: Date = new Date()): string {
  const zone = tz ?? BRASILIA;
  const offset = offsetMinutes(zone, at);
  if (BRASILIA_CLOCK.has(zone) && offset === offsetMinutes(BRASILIA, at)) return 'horário de Brasília';
  const place = OWN_WORDS[zone] ?? `de ${(zone.split('/').pop() ?? zone).replace(/_/g, ' ')}`;
  return offset === null ? `horário ${place}` : `horário ${place} (${utcOffset(offset)})`;
}
