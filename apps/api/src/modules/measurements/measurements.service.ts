import { ageOn, measurementStatus, todayIn, type MeasurementStatusEntry } from '@csp/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { requireRole } from '../../lib/permissions.ts';
import type { Actor } from '../../plugins/auth.ts';
import * as repo from './measurements.repo.ts';

export interface MeasurementsDeps {
  db: Db;
  config: Pick<Config, 'orgTimezone'>;
}

/** Measurement status of every student (teachers: their own), most urgent first. */
export async function statusOfAll(deps: MeasurementsDeps, actor: Actor): Promise<MeasurementStatusEntry[]> {
  requireRole(actor, 'ADMIN', 'TEACHER');
  const today = todayIn(deps.config.orgTimezone);
  const rows = await repo.studentsWithLatestMeasurement(
    deps.db,
    actor.role === 'TEACHER' ? actor.id : undefined,
  );
  return rows.map((r) => {
    const figures = measurementStatus(r.lastMeasurement?.date ?? null, today);
    return {
      id: r.id,
      studentId: r.studentId,
      firstName: r.firstName,
      lastName: r.lastName,
      age: ageOn(r.dateOfBirth, today),
      category: r.category,
      ...figures,
      lastMeasurement: r.lastMeasurement,
      assignedTeacher: r.teacher,
    };
  });
}
