/**
 * The statuses of what an administrator reviews: a leave, an attendance record (spec part 2 §2.4,
 * §2.9): Pending, then Approved or Rejected.
 */

/** A review status's label: Pending, Approved, Rejected; any other value is Unknown. */
export function reviewStatusLabel(status: string | null | undefined): string {
  switch (status) {
    case 'PENDING':
      return 'Pending';
    case 'APPROVED':
      return 'Approved';
    case 'REJECTED':
      return 'Rejected';
    default:
      return 'Unknown';
  }
}

/** A review status's badge colour: yellow, green, red; else grey. */
export function reviewStatusColor(status: string | null | undefined): string {
  switch (status) {
    case 'PENDING':
      return 'yellow';
    case 'APPROVED':
      return 'green';
    case 'REJECTED':
      return 'red';
    default:
      return 'gray';
  }
}
