/** "1 row", "2 rows", "1,000 rows": a count with its noun in the right number (English plurals by -s unless given). */
export function counted(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}
