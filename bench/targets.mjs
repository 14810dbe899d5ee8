// Cases beyond the JSON API: added here as the site and the tool endpoints answer.
export async function targets() {
  return [];
}
