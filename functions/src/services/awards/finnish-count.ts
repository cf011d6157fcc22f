/**
 * A count with its noun in the form Finnish grammar gives it: after "1" the noun takes the singular form
 * the sentence needs ("toimitti 1 asiakirjan", "1 viittaus on merkitty tarkistamattomaksi"), after any
 * other number the singular partitive ("2 asiakirjaa", "0 asiakirjaa"). The caller gives both forms, since
 * the case of the singular depends on the sentence (object: genitive; subject: nominative).
 */
export function countOf(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The form of a word that agrees with a count: the singular after 1, else the plural ("tarkistamattomaksi" / "-miksi"). */
export function agreeing(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}
