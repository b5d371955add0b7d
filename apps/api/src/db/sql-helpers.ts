/**
 * Small SQL pieces shared by several repositories.
 *
 * Advisory-lock keys live here, in one list, so two features can never pick the same number by accident.
 */
export const ADVISORY_LOCKS = {
  /** Serialises migrations when several API instances start at once. */
  migrations: 727_001,
  /** One instance runs the hourly category job. */
  categoryJob: 727_002,
  /**
   * The administrator roster: account creation from registrations (first-admin bootstrap) and every
   * demotion, deactivation or deletion of an administrator, one at a time, so the last active
   * administrator can never be removed by two concurrent requests.
   */
  adminRoster: 727_003,
} as const;

/** A LIKE/ILIKE pattern matching `text` anywhere, with its wildcards escaped ("50%" means the text "50%"). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
