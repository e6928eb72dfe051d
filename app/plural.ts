/** The noun that goes with a count: 'connection' for 1, 'connections' for anything else (0 included). */
export function plural(count: number, noun: string): string {
  return count === 1 ? noun : `${noun}s`;
}
