/** A person's name as every page shows it: 'First Last' (a missing part leaves no stray space). */
export function personName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}
