// Dates and money as a person in Brazil reads them, in the event's own time zone.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(tz: string): Intl.DateTimeFormat {
  let f = dateFormats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('pt-BR', { timeZone: tz, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
    dateFormats.set(tz, f);
  }
  return f;
}

export function formatEventDate(iso: string | null, tz: string | null): string {
  if (!iso) return 'Data a definir';
  const zone = tz ?? 'America/Sao_Paulo';
  return dateFormat(zone).format(new Date(iso));
}

/**
 * Brazil's zones by the place people name them after, with the article Portuguese gives
 * that place: "horário da Bahia", "horário do Recife", "horário de São Paulo".
 */
const ZONE_PLACES: Record<string, string> = {
  'America/Sao_Paulo': 'de São Paulo',
  'America/Bahia': 'da Bahia',
  'America/Recife': 'do Recife',
  'America/Fortaleza': 'de Fortaleza',
  'America/Belem': 'de Belém',
  'America/Maceio': 'de Maceió',
  'America/Araguaina': 'de Araguaína',
  'America/Santarem': 'de Santarém',
  'America/Noronha': 'de Fernando de Noronha',
  'America/Cuiaba': 'de Cuiabá',
  'America/Campo_Grande': 'de Campo Grande',
  'America/Manaus': 'de Manaus',
  'America/Porto_Velho': 'de Porto Velho',
  'America/Boa_Vista': 'de Boa Vista',
  'America/Rio_Branco': 'de Rio Branco',
  'America/Eirunepe': 'de Eirunepé',
};

/** "America/Bahia" → "horário da Bahia (America/Bahia)": the zone's own place, then its IANA name; elsewhere, the zone's city. */
export function zoneLabel(tz: string | null): string {
  const zone = tz ?? 'America/Sao_Paulo';
  const place = ZONE_PLACES[zone] ?? `de ${zone.split('/').pop()!.replace(/_/g, ' ')}`;
  return `horário ${place} (${zone})`;
}

export { formatBrl } from '../catalog/event/tickets';
