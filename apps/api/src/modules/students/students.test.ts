import { addDays, todayIn } from '@csp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, students } from '../../db/schema.ts';
import { createTestApp, onPostgres, seedUser, type SeededUser, type TestContext } from '../../test/setup.ts';
import { runCategoryJob } from './students.jobs.ts';

let t: TestContext;
let admin: SeededUser;
let teacher: SeededUser;
let otherTeacher: SeededUser;
let seq = 0;
const today = todayIn('Asia/Colombo');
const yearsAgo = (n: number, days = 0) => addDays(`${Number(today.slice(0, 4)) - n}${today.slice(4)}`, days);

const newStudent = (over: Record<string, unknown> = {}) => ({
  studentId: `STU-${Date.now()}-${++seq}`,
  firstName: 'Nila',
  lastName: 'Perera',
  dateOfBirth: yearsAgo(4),
  category: 'CENTER_BASE',
  parentName: 'Kamala Perera',
  ...over,
});

async function create(body: Record<string, unknown>, as: SeededUser = admin) {
  return t.app.inject({ method: 'POST', url: '/api/students', headers: as.auth, payload: body });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t.app, { role: 'ADMIN' });
  teacher = await seedUser(t.app, { role: 'TEACHER', firstName: 'Tara' });
  otherTeacher = await seedUser(t.app, { role: 'TEACHER', firstName: 'Omar' });
});
afterAll(() => t.close());

describe('POST /api/students', () => {
  it('lets an admin create a student, derives the age and notifies the assigned teacher', async () => {
    const res = await create(newStudent({ assignedTeacherId: teacher.id, age: 99 }));
    expect(res.statusCode).toBe(201);
    const s = res.json();
    expect(s.age).toBe(4);
    expect(s.assignedTeacher).toMatchObject({ id: teacher.id, firstName: 'Tara' });
    expect(s.activities).toEqual([]);
    const notes = await t.app.db.select().from(notifications).where(eq(notifications.userId, teacher.id));
    expect(notes.some((n) => n.type === 'student_assigned' && n.message.includes(s.studentId))).toBe(true);
  });

  it('refuses teachers (403)', async () => {
    const res = await create(newStudent(), teacher);
    expect(res.statusCode).toBe(403);
  });

  it('refuses a duplicate student ID with 409', async () => {
    const body = newStudent();
    expect((await create(body)).statusCode).toBe(201);
    const again = await create({ ...body, firstName: 'Other' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A student with this student ID already exists');
  });

  it.each([
    [{ studentId: '' }, 'Student ID is required'],
    [{ firstName: '  ' }, 'First name is required'],
    [{ lastName: undefined }, 'Last name is required'],
    [{ dateOfBirth: undefined }, 'Date of birth is required'],
    [{ dateOfBirth: '2020-02-30' }, 'Date of birth must be a date (YYYY-MM-DD)'],
    [
      { category: 'OTHER' },
      'category: Invalid option: expected one of "CENTER_BASE"|"HOME_BASE"|"SURVIVAL_PROGRAM"',
    ],
    [{ parentEmail: 'nope' }, 'Please enter a valid email address'],
    [{ homeLatitude: 91 }, 'Latitude must be between -90 and 90'],
    [{ homeLongitude: -181 }, 'Longitude must be between -180 and 180'],
    [{ homeLatitude: '9.1' }, 'Latitude must be a number'],
    [{ unknownField: 1 }, 'Unknown field: unknownField'],
    [{ firstName: 'x'.repeat(5000) }, 'First name must be at most 100 characters'],
  ])('validates bad input (case %#)', async (over, message) => {
    const res = await create(newStudent(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('checks the pregnant-mother fields', async () => {
    const base = newStudent({ category: 'SURVIVAL_PROGRAM', isPregnant: true, dateOfBirth: today });
    const noAge = await create({ ...base, pregnancyMonths: 5 });
    expect(noAge.json().message).toBe("Mother's age is required");
    const badAge = await create({ ...base, pregnancyMonths: 5, motherAge: 14 });
    expect(badAge.json().message).toBe("Mother's age must be between 15 and 50");
    const noMonths = await create({ ...base, motherAge: 25 });
    expect(noMonths.json().message).toBe('Pregnancy months are required');
    const badMonths = await create({ ...base, motherAge: 25, pregnancyMonths: 10 });
    expect(badMonths.json().message).toBe('Pregnancy months must be between 1 and 9');
    const notSurvival = await create({ ...base, category: 'HOME_BASE', motherAge: 25, pregnancyMonths: 5 });
    expect(notSurvival.json().message).toBe('Only Survival Program students can be pregnant');
    const ok = await create({
      ...base,
      motherAge: 25,
      pregnancyMonths: 5,
      expectedDueDate: addDays(today, 90),
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({
      isPregnant: true,
      motherAge: 25,
      pregnancyMonths: 5,
      isBabyBorn: false,
    });
  });

  it("takes a pregnant mother's age in `age`, as a client built from the spec sends it", async () => {
    const mother = (over: Record<string, unknown>) =>
      newStudent({
        category: 'SURVIVAL_PROGRAM',
        isPregnant: true,
        dateOfBirth: today,
        pregnancyMonths: 4,
        ...over,
      });
    for (const age of [14, 51, 0]) {
      const res = await create(mother({ age }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: "Mother's age must be between 15 and 50",
      });
    }
    const ok = await create(mother({ age: 27 }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ isPregnant: true, motherAge: 27, pregnancyMonths: 4 });
    // motherAge, when sent too, is the mother's age (the web sends the record's derived age in `age`).
    const both = await create(mother({ age: 0, motherAge: 31 }));
    expect(both.statusCode).toBe(201);
    expect(both.json().motherAge).toBe(31);
    // A pregnancy turned on by an update reads `age` the same way.
    const child = await create(newStudent({ category: 'SURVIVAL_PROGRAM', dateOfBirth: today }));
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/students/${child.json().id}`,
      headers: admin.auth,
      payload: { isPregnant: true, age: 22, pregnancyMonths: 2 },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().motherAge).toBe(22);
  });

  it('refuses a future date of birth and ages above 18 for children', async () => {
    expect((await create(newStudent({ dateOfBirth: addDays(today, 1) }))).json().message).toBe(
      'Date of birth cannot be in the future',
    );
    expect((await create(newStudent({ dateOfBirth: yearsAgo(19) }))).json().message).toBe(
      'Age must be between 0 and 18',
    );
  });

  it('refuses malformed JSON and wrong types with 400', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/students',
      headers: { ...admin.auth, 'content-type': 'application/json' },
      payload: '{"studentId": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The request body is not valid JSON');
    const wrong = await create(newStudent({ isPregnant: 'yes' }));
    expect(wrong.statusCode).toBe(400);
  });
});

describe('the 25-student cap', () => {
  it('refuses a 26th student with 409', async () => {
    const full = await seedUser(t.app, { role: 'TEACHER' });
    for (let i = 0; i < 25; i++)
      expect((await create(newStudent({ assignedTeacherId: full.id }))).statusCode).toBe(201);
    const res = await create(newStudent({ assignedTeacherId: full.id }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This teacher already has 25 students assigned');
  });

  it.runIf(onPostgres)('lets exactly one of 20 concurrent assignments take the 25th place', async () => {
    const t24 = await seedUser(t.app, { role: 'TEACHER' });
    for (let i = 0; i < 24; i++)
      expect((await create(newStudent({ assignedTeacherId: t24.id }))).statusCode).toBe(201);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => create(newStudent({ assignedTeacherId: t24.id }))),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const held = await t.app.db.select().from(students).where(eq(students.assignedTeacherId, t24.id));
    expect(held).toHaveLength(25);
  });

  it('refuses assigning to an admin or an unknown user', async () => {
    expect((await create(newStudent({ assignedTeacherId: admin.id }))).json().message).toBe(
      'Assigned teacher must be an existing teacher',
    );
    expect((await create(newStudent({ assignedTeacherId: crypto.randomUUID() }))).statusCode).toBe(400);
  });
});

describe('reading students', () => {
  let mine: string;
  let theirs: string;
  beforeAll(async () => {
    mine = (
      await create(
        newStudent({ firstName: 'Mira', parentName: 'Saroja Unique', assignedTeacherId: teacher.id }),
      )
    ).json().id;
    theirs = (await create(newStudent({ firstName: 'Zed', assignedTeacherId: otherTeacher.id }))).json().id;
  });

  it('scopes a teacher to their own students', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/students', headers: teacher.auth });
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((s: { id: string }) => s.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    const forbidden = await t.app.inject({
      method: 'GET',
      url: `/api/students?teacherId=${otherTeacher.id}`,
      headers: teacher.auth,
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('gives 404 for another teacher’s student', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/students/${theirs}`, headers: teacher.auth });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Student not found');
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/students/${theirs}`,
      headers: teacher.auth,
      payload: { firstName: 'Hacked' },
    });
    expect(patch.statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/students/${theirs}`,
      headers: teacher.auth,
    });
    expect(del.statusCode).toBe(403);
    const [row] = await t.app.db.select().from(students).where(eq(students.id, theirs));
    expect(row.firstName).toBe('Zed');
    expect(row.deletedAt).toBeNull();
  });

  it('searches name, parent name and student ID; filters by category; pages with X-Total-Count', async () => {
    const byParent = await t.app.inject({
      method: 'GET',
      url: '/api/students?search=saroja%20uni',
      headers: admin.auth,
    });
    expect(byParent.json().map((s: { id: string }) => s.id)).toEqual([mine]);
    const center = await t.app.inject({
      method: 'GET',
      url: '/api/students?category=HOME_BASE',
      headers: admin.auth,
    });
    expect(center.json().every((s: { category: string }) => s.category === 'HOME_BASE')).toBe(true);
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/students?page=1&limit=2',
      headers: admin.auth,
    });
    expect(page.json()).toHaveLength(2);
    expect(Number(page.headers['x-total-count'])).toBeGreaterThan(2);
    const bad = await t.app.inject({ method: 'GET', url: '/api/students?limit=1000', headers: admin.auth });
    expect(bad.statusCode).toBe(400);
    const pct = await t.app.inject({ method: 'GET', url: '/api/students?search=%25', headers: admin.auth });
    expect(pct.json()).toEqual([]);
  });

  it('searches the edited name, parent name and ID in any case, never across two of them', async () => {
    const tag = `Xq${Date.now()}`;
    const res = await create(
      newStudent({
        firstName: 'Élodie',
        lastName: `Kumar${tag}`,
        parentName: `Rani${tag} Devi`,
        studentId: `ID-${tag}`,
        assignedTeacherId: teacher.id,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    const found = async (text: string) => {
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/students?search=${encodeURIComponent(text)}&page=1&limit=8`,
        headers: admin.auth,
      });
      expect(list.statusCode, list.body).toBe(200);
      return list.json().map((s: { id: string }) => s.id) as string[];
    };
    expect(await found(`ÉLODIE KUMAR${tag.toUpperCase()}`)).toEqual([id]);
    expect(await found(`rani${tag.toLowerCase()} devi`)).toEqual([id]);
    expect(await found(`id-${tag.toLowerCase()}`)).toEqual([id]);
    // The end of the name and the start of the parent's name are not one text.
    expect(await found(`${tag} Rani`)).toEqual([]);
    // A search is plain text: a control character is refused, not searched for.
    const separator = await t.app.inject({
      method: 'GET',
      url: `/api/students?search=${encodeURIComponent(`${tag}\u001fRani`)}`,
      headers: admin.auth,
    });
    expect(separator.statusCode).toBe(400);

    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/students/${id}`,
      headers: admin.auth,
      payload: { parentName: `Meena${tag}`, firstName: 'Anu' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await found(`Rani${tag}`)).toEqual([]);
    expect(await found(`meena${tag}`)).toEqual([id]);
    expect(await found(`anu kumar${tag}`)).toEqual([id]);
    expect(await found('Élodie Kumar' + tag)).toEqual([]);
  });

  it('pages a search with its total on every page, past the end too, for both roles', async () => {
    const word = `Pagedsearch${Date.now()}`;
    for (const [i, who] of [teacher, teacher, otherTeacher, teacher, teacher].entries()) {
      const res = await create(
        newStudent({ firstName: `Kid${i}`, lastName: word, assignedTeacherId: who.id }),
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    const get = (who: SeededUser, query: string) =>
      t.app.inject({ method: 'GET', url: `/api/students?search=${word}${query}`, headers: who.auth });
    for (const [who, expected] of [
      [admin, 5],
      [teacher, 4],
    ] as const) {
      const all = (await get(who, '')).json().map((s: { id: string }) => s.id);
      expect(all).toHaveLength(expected);
      const paged: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const res = await get(who, `&page=${page}&limit=2`);
        expect(res.headers['x-total-count']).toBe(String(expected));
        paged.push(...res.json().map((s: { id: string }) => s.id));
      }
      expect(paged).toEqual(all);
      // A page past the end has no row to count with: its total is still the search's.
      const past = await get(who, '&page=9&limit=2');
      expect(past.json()).toEqual([]);
      expect(past.headers['x-total-count']).toBe(String(expected));
    }
  });

  it('requires a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/students' })).statusCode).toBe(401);
  });
});

describe('PATCH /api/students/:id', () => {
  it('lets a teacher edit their student but not reassign them', async () => {
    const id = (await create(newStudent({ assignedTeacherId: teacher.id }))).json().id;
    const ok = await t.app.inject({
      method: 'PATCH',
      url: `/api/students/${id}`,
      headers: teacher.auth,
      payload: { medicalInfo: 'Asthma', assignedTeacherId: teacher.id },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().medicalInfo).toBe('Asthma');
    const move = await t.app.inject({
      method: 'PATCH',
      url: `/api/students/${id}`,
      headers: teacher.auth,
      payload: { assignedTeacherId: otherTeacher.id },
    });
    expect(move.statusCode).toBe(403);
  });

  it('lets an admin reassign and notifies the new teacher', async () => {
    const id = (await create(newStudent({ assignedTeacherId: teacher.id }))).json().id;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/students/${id}`,
      headers: admin.auth,
      payload: { assignedTeacherId: otherTeacher.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().assignedTeacherId).toBe(otherTeacher.id);
    const notes = await t.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, otherTeacher.id));
    expect(notes.filter((n) => n.type === 'student_assigned').length).toBeGreaterThan(0);
  });

  it('applies the Baby Born conversion', async () => {
    const mother = (
      await create(
        newStudent({
          category: 'SURVIVAL_PROGRAM',
          firstName: 'Devi',
          lastName: 'Raj',
          isPregnant: true,
          motherAge: 24,
          pregnancyMonths: 8,
          expectedDueDate: addDays(today, 20),
          dateOfBirth: today,
          assignedTeacherId: teacher.id,
        }),
      )
    ).json();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/students/${mother.id}`,
      headers: teacher.auth,
      payload: {
        firstName: 'Devi',
        lastName: 'Raj',
        parentName: 'Devi Raj',
        dateOfBirth: today,
        age: 0,
        category: 'SURVIVAL_PROGRAM',
        isPregnant: false,
        pregnancyMonths: null,
        expectedDueDate: null,
        actualBirthDate: today,
        isBabyBorn: true,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      parentName: 'Devi Raj',
      dateOfBirth: today,
      age: 0,
      category: 'SURVIVAL_PROGRAM',
      isPregnant: false,
      pregnancyMonths: null,
      expectedDueDate: null,
      actualBirthDate: today,
      isBabyBorn: true,
      assignedTeacherId: teacher.id,
    });
  });

  it('clears the pregnancy fields when moving away from SURVIVAL_PROGRAM', async () => {
    const s = (
      await create(
        newStudent({
          category: 'SURVIVAL_PROGRAM',
          isPregnant: true,
          motherAge: 30,
          pregnancyMonths: 3,
          dateOfBirth: today,
        }),
      )
    ).json();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/students/${s.id}`,
      headers: admin.auth,
      payload: { category: 'HOME_BASE', dateOfBirth: yearsAgo(2) },
    });
    expect(res.json()).toMatchObject({
      category: 'HOME_BASE',
      isPregnant: false,
      pregnancyMonths: null,
      isBabyBorn: false,
    });
  });
});

describe('sex (optional)', () => {
  it('is null by default, set on create, changed and cleared on update, refused when not MALE/FEMALE', async () => {
    const plain = (await create(newStudent())).json();
    expect(plain.sex).toBeNull();
    const s = (await create(newStudent({ sex: 'FEMALE' }))).json();
    expect(s.sex).toBe('FEMALE');
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: `/api/students/${s.id}`, headers: admin.auth, payload });
    expect((await patch({ sex: 'MALE' })).json().sex).toBe('MALE');
    const list = await t.app.inject({ method: 'GET', url: '/api/students', headers: admin.auth });
    expect(list.json().find((x: { id: string }) => x.id === s.id).sex).toBe('MALE');
    expect((await patch({ sex: null })).json().sex).toBeNull();
    const bad = await patch({ sex: 'OTHER' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Sex must be MALE or FEMALE');
    expect((await create(newStudent({ sex: 'unknown' }))).json().message).toBe('Sex must be MALE or FEMALE');
  });
});

describe('category follows age', () => {
  /** Students whose stored category their age has outgrown (as on the morning of a birthday). */
  async function dueStudents() {
    const baby = (
      await create(newStudent({ category: 'SURVIVAL_PROGRAM', dateOfBirth: yearsAgo(0, -10) }))
    ).json();
    const oneYear = (
      await create(
        newStudent({ category: 'SURVIVAL_PROGRAM', dateOfBirth: yearsAgo(1), assignedTeacherId: teacher.id }),
      )
    ).json();
    const almostThree = (
      await create(newStudent({ category: 'HOME_BASE', dateOfBirth: yearsAgo(3, 1) }))
    ).json();
    const three = (
      await create(
        newStudent({ category: 'HOME_BASE', dateOfBirth: yearsAgo(3), assignedTeacherId: teacher.id }),
      )
    ).json();
    const babyThree = (
      await create(newStudent({ category: 'SURVIVAL_PROGRAM', dateOfBirth: yearsAgo(3) }))
    ).json();
    const mother = (
      await create(
        newStudent({
          category: 'SURVIVAL_PROGRAM',
          isPregnant: true,
          motherAge: 22,
          pregnancyMonths: 4,
          dateOfBirth: yearsAgo(2),
        }),
      )
    ).json();
    return { baby, oneYear, almostThree, three, babyThree, mother };
  }
  const expected = {
    baby: 'SURVIVAL_PROGRAM',
    oneYear: 'HOME_BASE',
    almostThree: 'HOME_BASE',
    three: 'CENTER_BASE',
    babyThree: 'CENTER_BASE',
    mother: 'SURVIVAL_PROGRAM',
  };
  const stored = async (id: string) => {
    const [row] = await t.app.db.select().from(students).where(eq(students.id, id));
    return { category: row.category, updatedAt: row.updatedAt.toISOString() };
  };
  const get = (url: string, as: SeededUser = admin) => t.app.inject({ method: 'GET', url, headers: as.auth });

  it('reads show the category the age calls for, and reading writes nothing', async () => {
    const due = await dueStudents();
    const before = Object.fromEntries(
      await Promise.all(Object.entries(due).map(async ([k, s]) => [k, await stored(s.id)])),
    );

    for (const [key, s] of Object.entries(due)) {
      expect((await get(`/api/students/${s.id}`)).json().category, key).toBe(
        expected[key as keyof typeof expected],
      );
    }
    const list = (await get('/api/students')).json() as { id: string; category: string }[];
    for (const [key, s] of Object.entries(due)) {
      expect(list.find((x) => x.id === s.id)?.category, key).toBe(expected[key as keyof typeof expected]);
    }
    // The category filter agrees with what the list shows.
    const home = (await get('/api/students?category=HOME_BASE&page=1&limit=100')).json() as { id: string }[];
    expect(home.map((x) => x.id)).toEqual(expect.arrayContaining([due.oneYear.id, due.almostThree.id]));
    expect(home.map((x) => x.id)).not.toContain(due.three.id);
    const center = (await get('/api/students?category=CENTER_BASE')).json() as { id: string }[];
    expect(center.map((x) => x.id)).toEqual(expect.arrayContaining([due.three.id, due.babyThree.id]));
    expect(center.map((x) => x.id)).not.toContain(due.almostThree.id);
    // The teacher's views: their student list, the admin's user detail, the measurement status.
    const mine = (await get('/api/students', teacher)).json() as { id: string; category: string }[];
    expect(mine.find((x) => x.id === due.three.id)?.category).toBe('CENTER_BASE');
    const detail = (await get(`/api/users/${teacher.id}`)).json();
    const assigned = detail.assignedStudents as { id: string; category: string }[];
    expect(assigned.find((x) => x.id === due.oneYear.id)?.category).toBe('HOME_BASE');
    expect(assigned.find((x) => x.id === due.three.id)?.category).toBe('CENTER_BASE');
    const statusRes = await get('/api/measurements/status/all', teacher);
    expect(statusRes.statusCode, statusRes.body).toBe(200);
    const status = statusRes.json() as {
      id: string;
      category: string;
    }[];
    expect(status.find((x) => x.id === due.three.id)?.category).toBe('CENTER_BASE');

    for (const [key, s] of Object.entries(due)) expect(await stored(s.id), key).toEqual(before[key]);
  });

  it('the category job stores them: only forward, never a pregnant mother, once', async () => {
    const due = await dueStudents();
    expect(await runCategoryJob(t.app)).toBeGreaterThanOrEqual(4);
    for (const [key, s] of Object.entries(due)) {
      expect((await stored(s.id)).category, key).toBe(expected[key as keyof typeof expected]);
    }
    const untouched = await stored(due.baby.id);
    expect(await runCategoryJob(t.app)).toBe(0);
    expect(await stored(due.baby.id)).toEqual(untouched);
  });
});

describe('DELETE /api/students/:id', () => {
  it('soft-deletes for admins; the student is gone from reads', async () => {
    const id = (await create(newStudent())).json().id;
    const res = await t.app.inject({ method: 'DELETE', url: `/api/students/${id}`, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/students/${id}`, headers: admin.auth })).statusCode,
    ).toBe(404);
    const [row] = await t.app.db.select().from(students).where(eq(students.id, id));
    expect(row.deletedAt).not.toBeNull();
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/students/${id}`, headers: admin.auth })).statusCode,
    ).toBe(404);
  });
});

describe('the daily category job', () => {
  it('moves students whose age calls for it', async () => {
    const [row] = await t.app.db
      .insert(students)
      .values({
        studentId: `JOB-${Date.now()}`,
        firstName: 'Job',
        lastName: 'Kid',
        dateOfBirth: yearsAgo(2),
        category: 'SURVIVAL_PROGRAM',
      })
      .returning();
    expect(await runCategoryJob(t.app)).toBeGreaterThanOrEqual(1);
    const [after] = await t.app.db.select().from(students).where(eq(students.id, row.id));
    expect(after.category).toBe('HOME_BASE');
  });
});
