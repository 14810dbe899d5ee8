// Dates and money as a person in Brazil reads them, in the event's own time zone.
import { zonedDateFormat } from '../catalog/time';

const dateFormat = zonedDateFormat('pt-BR', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export function formatEventDate(iso: string | null, tz: string | null): string {
  if (!iso) return 'Data a definir';
  const zone = tz ?? 'America/Sao_Paulo';
  return dateFormat(zone).format(new Date(iso));
}

export { zoneWords } from './zone-words';

export { formatBrl } from '../catalog/event/tickets';
