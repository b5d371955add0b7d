/**
 * `npm run seed:demo`: fills an EMPTY database with a believable programme — an administrator, four
 * teachers, about 60 students across the three categories (pregnant mothers and babies included),
 * measurements with some students overdue, due soon and never measured, activities with photos, home visits, gifts
 * and a leave — then prints the sign-in details. Refuses a database that already has users.
 * Uses DATABASE_URL when set, else the embedded database in DATA_DIR (stop the server first).
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  addDays,
  addMonths,
  DISTANCE_THRESHOLD,
  EARTH_RADIUS_METERS,
  isoWeekday,
  locationText,
  todayIn,
} from '@csp/contracts';
import { count } from 'drizzle-orm';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { lockDataDir } from '../apps/api/src/db/lock.ts';
import * as s from '../apps/api/src/db/schema.ts';
import { hashPassword } from '../apps/api/src/lib/passwords.ts';
import { createFileStore } from '../apps/api/src/lib/storage.ts';
import { placeVisit } from '../apps/api/src/modules/home-visits/home-visits.service.ts';
import { recomputeGrowth } from '../apps/api/src/modules/measurements/growth.service.ts';
import { ageInDays, referenceCurve, type CurvePoint, type Sex } from '@csp/contracts/growth';
import { demoPicture } from './lib/demo-picture.ts';

const PASSWORD = 'demo-pass-2026';
const FIRST = [
  'Nila',
  'Kavin',
  'Tharun',
  'Yalini',
  'Aran',
  'Mathi',
  'Sanjay',
  'Piraba',
  'Keerthi',
  'Lavan',
  'Abinaya',
  'Dilan',
  'Harini',
  'Ishan',
  'Janani',
  'Kishore',
  'Malar',
  'Nithya',
  'Pavithran',
  'Ragavi',
  'Sutha',
  'Thanu',
  'Vithu',
  'Anushan',
  'Bavani',
  'Chandru',
  'Dharshi',
  'Eelam',
  'Gowri',
  'Hari',
];
const LAST = [
  'Sivakumar',
  'Rajan',
  'Tharmalingam',
  'Kandiah',
  'Selvaraj',
  'Nadarajah',
  'Ponnambalam',
  'Jeyakumar',
  'Mahendran',
  'Balachandran',
  'Kumaran',
  'Yogarajah',
];
const MOTHERS = [
  'Kamala',
  'Saroja',
  'Vasuki',
  'Meena',
  'Rathi',
  'Shanthi',
  'Geetha',
  'Usha',
  'Latha',
  'Priya',
];
const PLACES: [string, number, number][] = [
  ['Nallur', 9.6745, 80.0297],
  ['Kokuvil', 9.6957, 80.0123],
  ['Chunnakam', 9.7453, 80.0275],
  ['Point Pedro', 9.8167, 80.2333],
  ['Kilinochchi', 9.3803, 80.377],
  ['Mankulam', 9.1333, 80.4333],
];

let seed = 42;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
const between = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));

/** A child's target z-scores for the demo: height-for-age, and weight by weight-for-length or -for-age. */
interface GrowthProfile {
  haz: number;
  whz?: number;
  waz?: number;
  note?: string;
  /** The measurement two months earlier, when it differs (a falling weight). */
  before?: GrowthProfile;
}

const GROWTH_PROFILES: GrowthProfile[] = [
  { haz: 0.3, whz: 0.2, note: 'Healthy growth' },
  { haz: -3.4, whz: -0.5, note: 'Very short for age: referred to the clinic' },
  { haz: -0.4, whz: -2.5, note: 'Thin: feeding advice given' },
  { haz: -1, whz: 0.1, note: 'Healthy growth' },
  { haz: -2.4, whz: -0.3, note: 'Short for age' },
  { haz: 0.1, whz: -3.3, note: 'Very thin: referred to the clinic' },
  { haz: -1.5, waz: -2.6, note: 'Light for age' },
  { haz: 0.6, whz: 0.5, note: 'Healthy growth' },
  { haz: 0, waz: -1, before: { haz: 0, waz: 0.4 }, note: 'Lost weight since the last visit: was ill' },
  { haz: 0.5, whz: 2.5, note: 'Heavy for height: diet advice given' },
  { haz: -0.6, waz: -3.4, note: 'Very light for age: referred to the clinic' },
  { haz: 1, whz: -0.8, note: 'Healthy growth' },
];

/** The value at z on a WHO curve point, piecewise between its SD lines (extrapolated past ±3). */
function atZ(p: CurvePoint, z: number): number {
  if (z <= -2) return p.sd2neg + (z + 2) * (p.sd2neg - p.sd3neg);
  if (z <= 0) return p.median + (z / 2) * (p.median - p.sd2neg);
  if (z <= 2) return p.median + (z / 2) * (p.sd2 - p.median);
  return p.sd2 + (z - 2) * (p.sd3 - p.sd2);
}

const tenth = (v: number) => Math.round(v * 10) / 10;

/** Height and weight of a child of that sex and age at the profile's z-scores (over 5: as at 5). */
function bodyAt(sex: Sex, ageDays: number, profile: GrowthProfile) {
  const age = Math.min(Math.max(ageDays, 0), 1826);
  const [lh] = referenceCurve('lhfa', sex, { from: age, to: age });
  const height = tenth(atZ(lh, profile.haz));
  let weight: number;
  if (profile.whz !== undefined) {
    const table = age < 731 ? 'length' : 'height';
    const [lo, hi] = table === 'length' ? [45, 110] : [65, 120];
    const x = Math.min(Math.max(height, lo), hi);
    const [wl] = referenceCurve('wflh', sex, { from: x, to: x, table });
    weight = atZ(wl, profile.whz);
  } else {
    const [wa] = referenceCurve('wfa', sex, { from: age, to: age });
    weight = atZ(wa, profile.waz ?? 0);
  }
  return { height, weight: tenth(weight) };
}

async function main() {
  const config = loadConfig();
  const release = config.databaseUrl ? undefined : await lockDataDir(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
  });
  const { db } = database;
  const store = createFileStore(config);
  try {
    const [{ n }] = await db.select({ n: count() }).from(s.users);
    if (n > 0) {
      console.error(`This database already has ${n} user(s): seed:demo only fills an empty database.`);
      process.exitCode = 1;
      return;
    }
    const today = todayIn(config.orgTimezone);
    const passwordHash = await hashPassword(PASSWORD);

    await db.transaction(async (tx) => {
      const [admin] = await tx
        .insert(s.users)
        .values({
          email: 'admin@demo.org',
          passwordHash,
          firstName: 'Anjali',
          lastName: 'Admin',
          role: 'ADMIN',
          phone: '+94 21 222 0000',
        })
        .returning();
      const teachers = await tx
        .insert(s.users)
        .values(
          [
            ['Tharsha', 'Kanagaratnam'],
            ['Ravi', 'Shankar'],
            ['Meera', 'Sivapalan'],
            ['Kumar', 'Ratnam'],
          ].map(([f, l], i) => ({
            email: `${f.toLowerCase()}@demo.org`,
            passwordHash,
            firstName: f,
            lastName: l,
            role: 'TEACHER' as const,
            phone: `+94 77 123 45${i}0`,
            // On the programme for a while: the attendance calendar counts days from here.
            createdAt: new Date(Date.parse(`${addDays(today, -120)}T08:00:00Z`)),
          })),
        )
        .returning();

      const rows: (typeof s.students.$inferInsert)[] = [];
      const make = (
        i: number,
        category: s.StudentCategoryValue,
        dob: string,
        extra: Partial<typeof s.students.$inferInsert> = {},
      ) => {
        const [place, lat, lon] = pick(PLACES);
        const last = pick(LAST);
        const mother = `${pick(MOTHERS)} ${last}`;
        rows.push({
          studentId: `CSP-${String(i + 1).padStart(4, '0')}`,
          firstName: pick(FIRST),
          lastName: last,
          dateOfBirth: dob,
          category,
          parentName: mother,
          parentPhone: `+94 77 ${between(100, 999)} ${between(1000, 9999)}`,
          address: `${between(1, 200)} Temple Road, ${place}`,
          assignedTeacherId: teachers[i % teachers.length].id,
          homeLatitude: lat + (rand() - 0.5) / 100,
          homeLongitude: lon + (rand() - 0.5) / 100,
          homeLocationName: place,
          sex: i % 2 ? 'MALE' : 'FEMALE',
          ...extra,
        });
      };
      let i = 0;
      for (let k = 0; k < 8; k++, i++) {
        make(i, 'SURVIVAL_PROGRAM', today, {
          firstName: pick(MOTHERS),
          isPregnant: true,
          motherAge: between(19, 38),
          pregnancyMonths: between(2, 9),
          expectedDueDate: addDays(today, between(10, 200)),
          parentName: null,
          sex: null,
        });
      }
      for (let k = 0; k < 10; k++, i++)
        make(i, 'SURVIVAL_PROGRAM', addDays(today, -between(20, 330)), { isBabyBorn: true });
      for (let k = 0; k < 20; k++, i++) make(i, 'HOME_BASE', addDays(today, -between(380, 1070)));
      for (let k = 0; k < 22; k++, i++) make(i, 'CENTER_BASE', addDays(today, -between(1110, 2150)));
      const students = await tx.insert(s.students).values(rows).returning();

      // Measurements: a third up to date, some due soon, some overdue, the rest never measured. Heights
      // and weights follow the WHO curves at a chosen z-score, so that the growth pages show every
      // condition: healthy children, stunting, wasting and underweight (moderate and severe), a falling
      // weight and overweight (decision 0012).
      const measurementRows: (typeof s.measurements.$inferInsert)[] = [];
      let measured = 0;
      students.forEach((st, k) => {
        if (st.isPregnant) return;
        const kind = k % 5; // 0,1 up to date · 2 due soon · 3 overdue · 4 never measured
        if (kind === 4) return;
        const last =
          kind <= 1
            ? addDays(today, -between(5, 40))
            : kind === 2
              ? addDays(addMonths(today, -2), between(1, 14))
              : addDays(addMonths(today, -2), -between(3, 60));
        const teacherId = st.assignedTeacherId;
        const profile = GROWTH_PROFILES[measured++ % GROWTH_PROFILES.length];
        const previous = addMonths(last, -2);
        if (previous < st.dateOfBirth) return;
        measurementRows.push(
          {
            studentId: st.id,
            measuredById: teacherId,
            date: previous,
            ...bodyAt(st.sex ?? 'FEMALE', ageInDays(st.dateOfBirth, previous), profile.before ?? profile),
          },
          {
            studentId: st.id,
            measuredById: teacherId,
            date: last,
            ...bodyAt(st.sex ?? 'FEMALE', ageInDays(st.dateOfBirth, last), profile),
            notes: profile.note,
          },
        );
      });
      await tx.insert(s.measurements).values(measurementRows);
      for (const st of students) await recomputeGrowth(tx, st.id);

      // Saturday activities at the centre, each with one or two photos in the file store.
      const centre = students.filter((st) => st.category === 'CENTER_BASE').slice(0, 15);
      const photoIds: string[][] = [];
      for (const [k, st] of centre.entries()) {
        const ids: string[] = [];
        for (let p = 0; p < 1 + (k % 2); p++) {
          const png = demoPicture(k * 2 + p);
          const storageKey = `activity-photo/${randomUUID()}.png`;
          await store.put(storageKey, png);
          const [file] = await tx
            .insert(s.storedFiles)
            .values({
              storageKey,
              originalName: `activity-${k + 1}-${p + 1}.png`,
              mimeType: 'image/png',
              sizeBytes: png.length,
              purpose: 'activity-photo',
              ownerId: st.assignedTeacherId,
            })
            .returning({ id: s.storedFiles.id });
          ids.push(file.id);
        }
        photoIds.push(ids);
      }
      await tx.insert(s.activities).values(
        centre.map((st, k) => ({
          title: pick([
            'Story time',
            'Drawing and colours',
            'Counting games',
            'Songs and rhymes',
            'Outdoor play',
          ]),
          date: addDays(today, -7 * (k % 4) - ((new Date(`${today}T00:00:00Z`).getUTCDay() + 1) % 7)),
          duration: 120,
          description: 'Saturday group activity at the centre.',
          photos: photoIds[k],
          studentId: st.id,
          teacherId: st.assignedTeacherId!,
        })),
      );

      // Home visits placed around each home, judged as the API judges them (placeVisit): most within
      // the 50 m threshold (approved at once), some farther (pending, with a Location Warning), one
      // without coordinates (not verified), and a few an administrator has already decided on.
      const home = students.filter((st) => st.category === 'HOME_BASE');
      const OFFSETS_M = [8, 15, 30, 12, 120, 350, 1600, null, 22, 75, 40, 260, 18, 9, 510, 35];
      await tx.insert(s.homeVisits).values(
        home.slice(0, OFFSETS_M.length).map((st, k) => {
          const offset = OFFSETS_M[k];
          const point =
            offset === null || st.homeLatitude === null || st.homeLongitude === null
              ? { latitude: null, longitude: null }
              : {
                  latitude: st.homeLatitude + (offset / EARTH_RADIUS_METERS) * (180 / Math.PI),
                  longitude: st.homeLongitude,
                };
          const placed = placeVisit({ ...point, accuracy: 6 }, st, DISTANCE_THRESHOLD.default);
          // Two far visits already decided: one rejected, one approved with a note.
          const decided = offset === 1600 || offset === 510;
          return {
            studentId: st.id,
            teacherId: st.assignedTeacherId!,
            visitDate: addDays(today, -between(1, 30)),
            duration: pick([30, 45, 60, 90]),
            notes: pick([
              'Talked with the mother about nutrition and play.',
              'Checked the feeding routine; the child is active and curious.',
              'Read picture books together; advised on sleep times.',
            ]),
            ...point,
            locationName: point.latitude === null ? null : st.homeLocationName,
            locationAccuracy: point.latitude === null ? null : 6,
            ...placed,
            ...(decided
              ? {
                  status: offset === 1600 ? ('REJECTED' as const) : ('APPROVED' as const),
                  reviewNotes:
                    offset === 1600
                      ? 'The location is far from the home; please record the visit at the home.'
                      : 'Met the family at the clinic; approved.',
                  reviewedById: admin.id,
                  reviewedAt: new Date(),
                }
              : {}),
          };
        }),
      );

      // Gifts in every state: open ones (pending, in progress) for the teachers to deliver, delivered
      // and cancelled ones with who closed them; each with a sponsor ID and an amount as the bulk form.
      const giftStatuses = ['PENDING', 'PENDING', 'IN_PROGRESS', 'DELIVERED', 'CANCELLED'] as const;
      await tx.insert(s.gifts).values(
        students.slice(0, 30).map((st, k) => {
          const status = giftStatuses[k % giftStatuses.length];
          const closedAt = new Date(Date.parse(`${addDays(today, -k)}T10:00:00Z`));
          const closer = teachers.find((t) => t.id === st.assignedTeacherId)?.id ?? admin.id;
          return {
            giftId: `GIFT-${1000 + k}`,
            globalSponsorId: `GS-${20_000 + between(0, 999)}`,
            giftSubType: pick(['Birthday gift', 'Festival gift', 'School supplies', 'Nutrition pack']),
            studentId: st.id,
            status,
            amount: (between(100_000, 750_000) / 100).toFixed(2),
            giftDate: addDays(today, -k * 9),
            assignedById: admin.id,
            ...(status === 'DELIVERED' ? { deliveredAt: closedAt, deliveredById: closer } : {}),
            ...(status === 'CANCELLED' ? { cancelledAt: closedAt, cancelledById: admin.id } : {}),
            ...(k === 4 ? { notes: 'The family moved away before the gift could be given.' } : {}),
          };
        }),
      );

      // Leaves across the last year (decided ones in the past), one covering today, one tomorrow,
      // and a few waiting for a decision.
      const reasons = [
        'Family function',
        'Medical appointment',
        'Temple festival',
        'Child unwell',
        'Wedding',
      ];
      const pastLeaves = teachers.flatMap((t, ti) =>
        Array.from({ length: 6 }, (_, k) => {
          const start = addDays(today, -(20 + k * 55 + ti * 7));
          const rejected = (k + ti) % 4 === 3;
          return {
            teacherId: t.id,
            startDate: start,
            endDate: addDays(start, (k + ti) % 3),
            reason: pick(reasons),
            status: rejected ? ('REJECTED' as const) : ('APPROVED' as const),
            appliedAt: new Date(Date.parse(`${addDays(start, -5)}T08:00:00Z`)),
            reviewNotes: rejected ? 'Too many teachers away that week.' : null,
            reviewedById: admin.id,
            reviewedAt: new Date(Date.parse(`${addDays(start, -3)}T09:00:00Z`)),
          };
        }),
      );
      await tx.insert(s.leaves).values([
        ...pastLeaves,
        {
          teacherId: teachers[1].id,
          startDate: today,
          endDate: addDays(today, 1),
          reason: 'Family function',
          status: 'APPROVED',
          reviewedById: admin.id,
          reviewedAt: new Date(),
        },
        {
          teacherId: teachers[2].id,
          startDate: addDays(today, 1),
          endDate: addDays(today, 1),
          reason: 'Medical appointment',
          status: 'APPROVED',
          reviewedById: admin.id,
          reviewedAt: new Date(),
        },
        {
          teacherId: teachers[3].id,
          startDate: addDays(today, 5),
          endDate: addDays(today, 6),
          reason: 'Travel to Colombo',
          status: 'PENDING',
        },
        {
          teacherId: teachers[0].id,
          startDate: addDays(today, 12),
          endDate: addDays(today, 12),
          reason: 'Parent-teacher meeting at my child’s school',
          status: 'PENDING',
        },
      ]);

      // The office (the configured default) and five weeks of attendance: most weekdays checked in at
      // the office and approved; some from the field, waiting for a review; one rejected; a few days
      // missed (absent); today one teacher in progress, one checked out, the others not yet in.
      const office = config.officeDefault;
      await tx.insert(s.officeLocations).values({ ...office, isActive: true, setById: admin.id });
      const metresNorth = (m: number) => office.latitude + (m / EARTH_RADIUS_METERS) * (180 / Math.PI);
      const at = (day: string, minutes: number) =>
        new Date(Date.parse(`${day}T00:00:00+05:30`) + minutes * 60_000);
      const attendanceRows: (typeof s.attendance.$inferInsert)[] = [];
      for (const [ti, t] of teachers.entries()) {
        for (let back = 35; back >= 0; back--) {
          const day = addDays(today, -back);
          if (!config.workDays.includes(isoWeekday(day))) continue;
          if (back === 0 && ti > 1) continue;
          if ((back * 7 + ti * 3) % 11 === 0) continue; // absent
          const far = (back + ti) % 6 === 0;
          const distance = far ? between(400, 4000) : between(3, Math.max(4, office.radiusMeters - 5));
          const checkIn = at(day, 8 * 60 + between(0, 75));
          const open = back === 0 && ti === 0;
          const status =
            back > 1 && far && (back + ti) % 12 === 0 ? 'REJECTED' : far ? 'PENDING' : 'APPROVED';
          attendanceRows.push({
            teacherId: t.id,
            date: day,
            checkIn,
            checkOut: open ? null : at(day, 15 * 60 + between(30, 150)),
            checkInLocation: locationText(metresNorth(distance), office.longitude),
            checkInLocationName: far ? 'Field visit, Nallur' : office.address,
            checkOutLocationName: open ? null : office.address,
            status,
            isWithinOfficeRange: !far,
            distanceFromOffice: distance,
            ...(status === 'REJECTED'
              ? {
                  reviewedById: admin.id,
                  reviewedAt: at(addDays(day, 1), 10 * 60),
                  adminNotes: 'No field visit was planned for that day.',
                }
              : {}),
          });
        }
      }
      await tx.insert(s.attendance).values(attendanceRows);

      await tx.insert(s.notifications).values(
        teachers.map((t) => ({
          userId: t.id,
          type: 'MEASUREMENT_REMINDER',
          title: 'Measurements due',
          message: 'Some of your students are due for their bi-monthly measurement.',
        })),
      );

      console.log('\nDemo programme created:');
      console.log(
        `  ${students.length} students, ${measurementRows.length} measurements, 4 teachers, 1 administrator\n`,
      );
      console.log('Sign in at http://localhost:3000/login with (password for everyone: ' + PASSWORD + ')');
      console.log('  administrator  admin@demo.org');
      for (const t of teachers) console.log(`  teacher        ${t.email}`);
      console.log('');
    });
  } finally {
    await database.close();
    await release?.();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
