export function loadWords(names: string[]): string[];
export function apiSearches(words: string[]): string[];
