// Real Brazilian cities with their state and IANA time zone, for the demo catalog.
export type City = { city: string; state: string; abbr: string; tz: string; lat: number; lng: number; weight: number };

export const CITIES: readonly City[] = [
  { city: 'São Paulo', state: 'São Paulo', abbr: 'SP', tz: 'America/Sao_Paulo', lat: -23.5505, lng: -46.6333, weight: 8 },
  { city: 'Rio de Janeiro', state: 'Rio de Janeiro', abbr: 'RJ', tz: 'America/Sao_Paulo', lat: -22.9068, lng: -43.1729, weight: 5 },
  { city: 'Belo Horizonte', state: 'Minas Gerais', abbr: 'MG', tz: 'America/Sao_Paulo', lat: -19.9167, lng: -43.9345, weight: 3 },
  { city: 'Florianópolis', state: 'Santa Catarina', abbr: 'SC', tz: 'America/Sao_Paulo', lat: -27.5949, lng: -48.5482, weight: 3 },
  { city: 'Curitiba', state: 'Paraná', abbr: 'PR', tz: 'America/Sao_Paulo', lat: -25.4284, lng: -49.2733, weight: 2 },
  { city: 'Porto Alegre', state: 'Rio Grande do Sul', abbr: 'RS', tz: 'America/Sao_Paulo', lat: -30.0346, lng: -51.2177, weight: 2 },
  { city: 'Goiânia', state: 'Goiás', abbr: 'GO', tz: 'America/Sao_Paulo', lat: -16.6869, lng: -49.2648, weight: 3 },
  { city: 'Brasília', state: 'Distrito Federal', abbr: 'DF', tz: 'America/Sao_Paulo', lat: -15.7939, lng: -47.8828, weight: 2 },
  { city: 'Campinas', state: 'São Paulo', abbr: 'SP', tz: 'America/Sao_Paulo', lat: -22.9099, lng: -47.0626, weight: 2 },
  { city: 'Salvador', state: 'Bahia', abbr: 'BA', tz: 'America/Bahia', lat: -12.9777, lng: -38.5016, weight: 3 },
  { city: 'Recife', state: 'Pernambuco', abbr: 'PE', tz: 'America/Recife', lat: -8.0476, lng: -34.877, weight: 3 },
  { city: 'Caruaru', state: 'Pernambuco', abbr: 'PE', tz: 'America/Recife', lat: -8.2842, lng: -35.9699, weight: 2 },
  { city: 'Fortaleza', state: 'Ceará', abbr: 'CE', tz: 'America/Fortaleza', lat: -3.7319, lng: -38.5267, weight: 2 },
  { city: 'João Pessoa', state: 'Paraíba', abbr: 'PB', tz: 'America/Fortaleza', lat: -7.1195, lng: -34.845, weight: 1 },
  { city: 'Maceió', state: 'Alagoas', abbr: 'AL', tz: 'America/Maceio', lat: -9.6658, lng: -35.7353, weight: 1 },
  { city: 'São Luís', state: 'Maranhão', abbr: 'MA', tz: 'America/Fortaleza', lat: -2.5307, lng: -44.3068, weight: 1 },
  { city: 'Belém', state: 'Pará', abbr: 'PA', tz: 'America/Belem', lat: -1.4558, lng: -48.4902, weight: 2 },
  { city: 'Manaus', state: 'Amazonas', abbr: 'AM', tz: 'America/Manaus', lat: -3.119, lng: -60.0217, weight: 2 },
  { city: 'Cuiabá', state: 'Mato Grosso', abbr: 'MT', tz: 'America/Cuiaba', lat: -15.601, lng: -56.0974, weight: 2 },
  { city: 'Campo Grande', state: 'Mato Grosso do Sul', abbr: 'MS', tz: 'America/Campo_Grande', lat: -20.4697, lng: -54.6201, weight: 1 },
  { city: 'Porto Velho', state: 'Rondônia', abbr: 'RO', tz: 'America/Porto_Velho', lat: -8.7612, lng: -63.9004, weight: 1 },
];

export const VENUE_KINDS = ['Teatro', 'Arena', 'Casa de Shows', 'Centro de Convenções', 'Espaço Cultural', 'Parque', 'Clube'] as const;

export const VENUE_NAMES = ['Central', 'Municipal', 'das Artes', 'do Porto', 'Aurora', 'Sol Nascente', 'da Cidade'] as const;

export const GENRES = ['Forró', 'Samba', 'Sertanejo', 'MPB', 'Rock', 'Pagode', 'Frevo', 'Axé', 'Jazz', 'Choro', 'Brega', 'Eletrônica'] as const;

export const TOPICS = ['Gastronomia', 'Tecnologia', 'Fotografia', 'Empreendedorismo', 'Literatura', 'Cerâmica'] as const;

export const SECTORS: ReadonlyArray<{ name: string; base: number }> = [
  { name: 'Pista', base: 6000 },
  { name: 'Arquibancada', base: 4500 },
  { name: 'Camarote', base: 18000 },
  { name: 'Área VIP', base: 25000 },
  { name: 'Mesa para 4', base: 40000 },
  { name: 'Plateia', base: 8000 },
];

/** Upstream status labels, in the upstream's own language. */
export const STATUS = { active: 'Ativo', soldOut: 'Esgotado', ended: 'Encerrado', paused: 'Vendas pausadas', soon: 'Em breve', cancelled: 'Cancelado' } as const;
