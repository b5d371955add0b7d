/**
 * How a home visit's status reads (spec part 2 §2.2; part 1 §4 for a student's card): Approved, Pending
 * Review — 'Pending' where a student's card shows its latest visit — or Rejected; any other value is
 * Unknown.
 */
export function visitStatusLabel(status: string | null | undefined, short = false): string {
  switch (status) {
    case 'APPROVED':
      return 'Approved';
    case 'PENDING':
      return short ? 'Pending' : 'Pending Review';
    case 'REJECTED':
      return 'Rejected';
    default:
      return 'Unknown';
  }
}

/** A visit status's badge colour: green, yellow, red; else grey. */
export function visitStatusColor(status: string | null | undefined): string {
  switch (status) {
    case 'APPROVED':
      return 'green';
    case 'PENDING':
      return 'yellow';
    case 'REJECTED':
      return 'red';
    default:
      return 'gray';
  }
}
