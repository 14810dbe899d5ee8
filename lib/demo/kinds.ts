import type { Faker } from '@faker-js/faker';
import type { AccessibilityFeature, AgeRating } from '../catalog/categories';
import { draw, pick } from './draws';
import { GENRES, TOPICS, type City } from './places';
import type { Producer } from './producers';

// What a demo event is: its name, its kind and category, its description and what it offers for access.

export function eventName(f: Faker, online: boolean, city: City): { name: string; genre: string; artist: string } {
  if (online) {
    const topic = f.helpers.arrayElement(TOPICS);
    return { name: `${f.helpers.arrayElement(['Workshop', 'Curso ao vivo', 'Masterclass'])} de ${topic}`, genre: topic, artist: '' };
  }
  const genre = f.helpers.arrayElement(GENRES);
  const artist = f.person.fullName();
  const name = f.helpers.arrayElement([
    `Noite de ${genre} com ${artist}`,
    `Festival de ${genre} de ${city.city}`,
    `${artist} ao vivo`,
    `Baile de ${genre}`,
    `${genre} na Praça`,
    `Stand-up: ${artist}`,
  ]);
  return { name, genre, artist };
}

const PLAYS = ['O Auto da Compadecida', 'Hamlet', 'A Megera Domada', 'Vestido de Noiva', 'O Pagador de Promessas', 'Dois Perdidos Numa Noite Suja'];
const KIDS_SHOWS = ['Circo da Alegria', 'O Pequeno Príncipe', 'Palhaços em Festa', 'Contação de Histórias', 'Turma do Sítio'];

export type Kind = { name: string; category: string; ages: readonly (AgeRating | null)[] };

const ACCESSIBILITY_NOTES = [
  'Rampa de acesso pela entrada lateral.',
  'Elevador até o mezanino; acompanhante de pessoa com deficiência paga meia-entrada.',
  'Área reservada perto do palco: avise a produção até a véspera.',
  'Cão-guia bem-vindo; equipe de apoio na entrada.',
] as const;

/**
 * What an event offers for access: a venue is accessible to wheelchair users when its
 * description says so (the demo has always said it there), and some events add other
 * features, some with a note; online events may have Libras or audio description.
 */
export function accessibilityOf(seed: number, i: number, online: boolean, wheelchair: boolean): { accessibility: AccessibilityFeature[]; accessibility_notes: string | null } {
  const features: AccessibilityFeature[] = [];
  if (online) {
    if (draw(seed, i, 8) < 0.2) features.push('libras');
    if (draw(seed, i, 9) < 0.1) features.push('audio_description');
  } else {
    if (wheelchair) features.push('wheelchair');
    if (draw(seed, i, 8) < 0.12) features.push('libras');
    if (draw(seed, i, 9) < 0.06) features.push('audio_description');
    if (wheelchair && draw(seed, i, 10) < 0.5) features.push('accessible_toilets');
    if (wheelchair && draw(seed, i, 11) < 0.3) features.push('reserved_seats');
  }
  const note = features.length > 0 && !online && draw(seed, i, 12) < 0.25 ? pick(ACCESSIBILITY_NOTES, draw(seed, i, 13)) : null;
  return { accessibility: features, accessibility_notes: note };
}

/** The kind of a physical event: most keep the name drawn; some are plays, children's shows, sports or food. */
export function kindOf(drawn: string, artist: string, city: City, r: number, r2: number): Kind {
  if (r < 0.05) return { name: `${pick(PLAYS, r2)}, com ${artist}`, category: 'teatro', ages: ['livre', '10', '12', '14'] };
  if (r < 0.09) return { name: `${pick(KIDS_SHOWS, r2)}: espetáculo infantil`, category: 'infantil', ages: ['livre'] };
  if (r < 0.12) return { name: r2 < 0.5 ? `Corrida de Rua ${city.city} ${r2 < 0.25 ? 5 : 10}K` : `Copa ${city.city} de Vôlei de Praia`, category: 'esportes', ages: ['livre'] };
  if (r < 0.15) return { name: r2 < 0.5 ? `Feira Gastronômica de ${city.city}` : `Degustação de Vinhos com ${artist}`, category: 'gastronomia', ages: r2 < 0.5 ? ['livre'] : ['18'] };
  if (drawn.startsWith('Festival de ')) return { name: drawn, category: 'festivais', ages: ['livre', '14', '16', '18'] };
  if (drawn.startsWith('Baile de ')) return { name: drawn, category: 'festas', ages: ['16', '18'] };
  if (drawn.startsWith('Stand-up: ')) return { name: drawn, category: 'stand-up', ages: ['14', '16', '18'] };
  return { name: drawn, category: 'shows', ages: ['livre', '12', '14', '16', '18'] };
}

export function description(f: Faker, name: string, genre: string, city: City | null, producer: Producer): string {
  const place = city ? `em <strong>${city.city}</strong>` : '<strong>online</strong>, ao vivo';
  const items = f.helpers.arrayElements(
    ['Abertura dos portões 1 hora antes', 'Classificação: 16 anos', 'Meia-entrada conforme a lei', 'Acessível para cadeirantes', 'Estacionamento no local', 'Certificado de participação'],
    { min: 2, max: 4 },
  );
  return [
    `<p>${name}: uma experiência de <em>${genre}</em> ${place}.</p>`,
    `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`,
    `<p>Realização: ${producer.name}.</p>`,
  ].join('');
}
