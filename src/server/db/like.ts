/** Escapes LIKE wildcards so what the user types matches literally. */
export function likeEscape(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
