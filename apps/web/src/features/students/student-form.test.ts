import type { StudentDetail } from '@csp/contracts';
import { describe, expect, it } from 'vitest';
import {
  afterCategoryChange,
  afterPregnancyChoice,
  babyBornBody,
  babyBornErrorMessage,
  canMarkBabyBorn,
  editValuesOf,
  EMPTY_CREATE_VALUES,
  formAge,
  latestVisitStatus,
  SEX_OPTIONS,
  sexText,
  studentAgeLine,
  teacherOptionLabel,
  toCreateBody,
  toUpdateBody,
  validateCreate,
  validateEdit,
  type CreateStudentValues,
} from './student-form.ts';

const TODAY = '2026-06-15';
const TEACHER = '6f1c1d3e-9b7a-4c3e-8f51-2d0b7a1e9c44';

const values = (changes: Partial<CreateStudentValues>): CreateStudentValues => ({
  ...EMPTY_CREATE_VALUES,
  ...changes,
});

function student(changes: Partial<StudentDetail> = {}): StudentDetail {
  return {
    id: 'a1b2c3d4-0000-4000-8000-000000000001',
    studentId: 'STU-1',
    firstName: 'Maya',
    lastName: 'Silva',
    dateOfBirth: '2026-06-01',
    age: 0,
    category: 'SURVIVAL_PROGRAM',
    parentName: 'Ravi Silva',
    parentPhone: '0771234567',
    parentEmail: 'ravi@example.org',
    address: '1 Main Street',
    medicalInfo: 'None',
    assignedTeacherId: TEACHER,
    assignedTeacher: { id: TEACHER, firstName: 'Tara', lastName: 'Field' },
    isActive: true,
    isPregnant: true,
    motherAge: 27,
    pregnancyMonths: 7,
    expectedDueDate: '2026-08-20',
    actualBirthDate: null,
    isBabyBorn: false,
    homeLatitude: 9.3,
    homeLongitude: 80.4,
    homeLocationName: 'Home',
    createdAt: '2026-06-01T00:00:00.000Z',
    updatedAt: '2026-06-01T00:00:00.000Z',
    homeVisits: [],
    activities: [],
    measurements: [],
    ...changes,
  };
}

describe('create form', () => {
  it('shows age 2 until a date of birth is chosen, then whole years, never negative', () => {
    expect(formAge('', TODAY)).toBe(2);
    expect(formAge('2022-06-16', TODAY)).toBe(3);
    expect(formAge('2022-06-15', TODAY)).toBe(4);
    expect(formAge('2027-01-01', TODAY)).toBe(0);
  });

  it('drops empty strings and, for other categories, the pregnancy fields', () => {
    const body = toCreateBody(
      values({
        studentId: ' STU-9 ',
        category: 'CENTER_BASE',
        firstName: 'Ann',
        lastName: 'Lee',
        dateOfBirth: '2021-01-01',
        isPregnant: true,
        motherAge: 30,
        pregnancyMonths: '5',
        parentEmail: '  ',
        homeLatitude: 9.5,
      }),
      TODAY,
    );
    expect(body).toEqual({
      studentId: 'STU-9',
      category: 'CENTER_BASE',
      firstName: 'Ann',
      lastName: 'Lee',
      dateOfBirth: '2021-01-01',
      age: 5,
      homeLatitude: 9.5,
      isPregnant: false,
      isBabyBorn: false,
    });
  });

  it('sends a pregnant mother with her age, months and due date, born "today" until Baby Born', () => {
    const body = toCreateBody(
      values({
        studentId: 'M-1',
        category: 'SURVIVAL_PROGRAM',
        isPregnant: true,
        firstName: 'Nila',
        lastName: 'Raj',
        motherAge: 24,
        pregnancyMonths: '6',
        expectedDueDate: '2026-09-01',
        dateOfBirth: '2020-01-01',
        assignedTeacherId: TEACHER,
      }),
      TODAY,
    );
    expect(body).toMatchObject({
      category: 'SURVIVAL_PROGRAM',
      isPregnant: true,
      motherAge: 24,
      pregnancyMonths: 6,
      expectedDueDate: '2026-09-01',
      dateOfBirth: TODAY,
      assignedTeacherId: TEACHER,
    });
    // Her age is motherAge; the record's own age is the server's to derive.
    expect(body).not.toHaveProperty('age');
    expect(body).not.toHaveProperty('actualBirthDate');
  });

  it('choosing No clears months, due date and birth date and the baby is not born', () => {
    const v = afterPregnancyChoice(
      values({
        isPregnant: true,
        pregnancyMonths: '4',
        expectedDueDate: '2026-10-01',
        isBabyBorn: true,
        actualBirthDate: TODAY,
      }),
      false,
    );
    expect(v).toMatchObject({
      isPregnant: false,
      pregnancyMonths: '',
      expectedDueDate: '',
      actualBirthDate: '',
      isBabyBorn: false,
    });
  });

  it('names the missing fields with the contract messages', () => {
    expect(validateCreate(EMPTY_CREATE_VALUES, TODAY)).toMatchObject({
      studentId: 'Student ID is required',
      category: 'Category is required',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      dateOfBirth: 'Date of birth is required',
    });
    const mother = validateCreate(
      values({
        studentId: 'M',
        category: 'SURVIVAL_PROGRAM',
        isPregnant: true,
        firstName: 'A',
        lastName: 'B',
      }),
      TODAY,
    );
    expect(mother).toEqual({
      motherAge: "Mother's age is required",
      pregnancyMonths: 'Pregnancy months are required',
    });
    expect(
      validateCreate(
        values({
          studentId: 'M',
          category: 'SURVIVAL_PROGRAM',
          isPregnant: true,
          firstName: 'A',
          lastName: 'B',
          motherAge: 14,
          pregnancyMonths: '3',
        }),
        TODAY,
      ),
    ).toEqual({ motherAge: "Mother's age must be between 15 and 50" });
  });

  it('refuses a future date of birth, an age over 18 and out-of-range coordinates', () => {
    const base = values({ studentId: 'S', category: 'HOME_BASE', firstName: 'A', lastName: 'B' });
    expect(validateCreate({ ...base, dateOfBirth: '2026-06-16' }, TODAY).dateOfBirth).toBe(
      'Date of birth cannot be in the future',
    );
    expect(validateCreate({ ...base, dateOfBirth: '2007-06-14' }, TODAY).dateOfBirth).toBe(
      'Age must be between 0 and 18',
    );
    expect(
      validateCreate({ ...base, dateOfBirth: '2024-01-01', homeLatitude: 91, homeLongitude: -181 }, TODAY),
    ).toEqual({
      homeLatitude: 'Latitude must be between -90 and 90',
      homeLongitude: 'Longitude must be between -180 and 180',
    });
    expect(validateCreate({ ...base, dateOfBirth: '2024-01-01', parentEmail: 'nope' }, TODAY)).toEqual({
      parentEmail: 'Please enter a valid email address',
    });
  });
});

describe('edit form', () => {
  it('moving away from SURVIVAL_PROGRAM clears the pregnancy fields; other moves keep them', () => {
    const v = editValuesOf(student({ isBabyBorn: true, actualBirthDate: '2026-06-01' }));
    expect(afterCategoryChange(v, 'HOME_BASE')).toMatchObject({
      category: 'HOME_BASE',
      isPregnant: false,
      pregnancyMonths: '',
      expectedDueDate: '',
      actualBirthDate: '',
      isBabyBorn: false,
    });
    expect(afterCategoryChange(v, 'SURVIVAL_PROGRAM')).toEqual(v);
  });

  it('builds the update: emptied texts cleared, empty optional values left out, teacher only for admins', () => {
    const v = {
      ...editValuesOf(
        student({ isPregnant: false, pregnancyMonths: null, expectedDueDate: null, category: 'HOME_BASE' }),
      ),
      parentPhone: ' ',
      homeLatitude: '' as const,
      homeLongitude: '' as const,
      homeLocationName: '',
      dateOfBirth: '2025-01-01',
    };
    const admin = toUpdateBody(v, TODAY, true);
    expect(admin).toMatchObject({ parentPhone: null, assignedTeacherId: TEACHER, isPregnant: false, age: 1 });
    expect(admin).not.toHaveProperty('homeLatitude');
    expect(admin).not.toHaveProperty('homeLocationName');
    expect(admin).not.toHaveProperty('expectedDueDate');
    expect(toUpdateBody(v, TODAY, false)).not.toHaveProperty('assignedTeacherId');
  });

  it('leaves a pregnant mother who stays one as she is', () => {
    const body = toUpdateBody(editValuesOf(student()), TODAY, true);
    expect(body).not.toHaveProperty('isPregnant');
    expect(body).toMatchObject({ pregnancyMonths: 7, expectedDueDate: '2026-08-20' });
    expect(validateEdit(editValuesOf(student()), TODAY, true)).toEqual({});
  });

  it('requires names and a valid parent email', () => {
    const v = { ...editValuesOf(student({ isPregnant: false })), firstName: ' ', parentEmail: 'bad@' };
    expect(validateEdit(v, TODAY, true)).toEqual({
      firstName: 'First name is required',
      parentEmail: 'Please enter a valid email address',
    });
  });
});

describe('sex', () => {
  const child = values({
    studentId: 'C-1',
    category: 'HOME_BASE',
    firstName: 'Ann',
    lastName: 'Lee',
    dateOfBirth: '2025-01-01',
  });

  it("offers 'Not recorded', Male and Female and reads them back", () => {
    expect(SEX_OPTIONS).toEqual([
      { value: '', label: 'Not recorded' },
      { value: 'MALE', label: 'Male' },
      { value: 'FEMALE', label: 'Female' },
    ]);
    expect([sexText('MALE'), sexText('FEMALE'), sexText(null), sexText(undefined)]).toEqual([
      'Male',
      'Female',
      '—',
      '—',
    ]);
  });

  it("sends a child's sex on create, nothing when not recorded, never for a pregnant mother", () => {
    expect(toCreateBody({ ...child, sex: 'FEMALE' }, TODAY)).toMatchObject({ sex: 'FEMALE' });
    expect(toCreateBody(child, TODAY)).not.toHaveProperty('sex');
    const mother = toCreateBody(
      {
        ...child,
        category: 'SURVIVAL_PROGRAM',
        isPregnant: true,
        motherAge: 24,
        pregnancyMonths: '6',
        sex: 'MALE',
      },
      TODAY,
    );
    expect(mother).not.toHaveProperty('sex');
  });

  it("edits it: kept, changed or cleared with 'Not recorded'; a pregnant mother's is left alone", () => {
    const born = student({ isPregnant: false, isBabyBorn: true, actualBirthDate: '2026-06-01', sex: 'MALE' });
    expect(editValuesOf(born).sex).toBe('MALE');
    expect(editValuesOf(student({ sex: null })).sex).toBe('');
    expect(toUpdateBody(editValuesOf(born), TODAY, true)).toMatchObject({ sex: 'MALE' });
    expect(toUpdateBody({ ...editValuesOf(born), sex: 'FEMALE' }, TODAY, true)).toMatchObject({
      sex: 'FEMALE',
    });
    expect(toUpdateBody({ ...editValuesOf(born), sex: '' }, TODAY, true)).toMatchObject({ sex: null });
    expect(toUpdateBody(editValuesOf(student()), TODAY, true)).not.toHaveProperty('sex');
  });
});

describe('Baby Born', () => {
  it('sends exactly the conversion of spec part 1 §4, over the version shown', () => {
    const mother = student();
    expect(babyBornBody(mother, TODAY)).toEqual({
      firstName: 'Maya',
      lastName: 'Silva',
      parentName: 'Maya Silva',
      parentPhone: '0771234567',
      parentEmail: 'ravi@example.org',
      address: '1 Main Street',
      medicalInfo: 'None',
      assignedTeacherId: TEACHER,
      dateOfBirth: TODAY,
      age: 0,
      category: 'SURVIVAL_PROGRAM',
      isPregnant: false,
      pregnancyMonths: null,
      expectedDueDate: null,
      actualBirthDate: TODAY,
      isBabyBorn: true,
      updatedAt: mother.updatedAt,
    });
  });

  it('applies only to a pregnant Survival Program mother whose baby is not born', () => {
    expect(canMarkBabyBorn(student())).toBe(true);
    expect(canMarkBabyBorn(student({ isBabyBorn: true }))).toBe(false);
    expect(canMarkBabyBorn(student({ isPregnant: false }))).toBe(false);
    expect(canMarkBabyBorn(student({ category: 'HOME_BASE' }))).toBe(false);
  });

  it('explains failures by status', () => {
    expect(babyBornErrorMessage(404)).toBe('Student not found. Please refresh the page and try again.');
    expect(babyBornErrorMessage(403)).toBe('You do not have permission to update this student.');
    expect(babyBornErrorMessage(500)).toBe('Failed to convert to baby record. Please try again.');
    expect(babyBornErrorMessage(undefined)).toBe('Failed to convert to baby record. Please try again.');
  });
});

describe('display', () => {
  it('reads the latest home visit status', () => {
    expect(latestVisitStatus({ homeVisits: [] })).toBeNull();
    expect(latestVisitStatus({ homeVisits: [{ id: '1', visitDate: TODAY, status: 'APPROVED' }] })).toBe(
      'APPROVED',
    );
    expect(latestVisitStatus({ homeVisits: [{ id: '1', visitDate: TODAY, status: 'PENDING' }] })).toBe(
      'PENDING',
    );
  });

  it('shows teachers with their count out of 25 and a pregnancy instead of an age', () => {
    expect(teacherOptionLabel({ firstName: 'Tara', lastName: 'Field', assignedStudentsCount: 3 })).toBe(
      'Tara Field (3/25)',
    );
    expect(studentAgeLine({ age: 4, isPregnant: false, pregnancyMonths: null })).toBe('4 years');
    expect(studentAgeLine({ age: 1, isPregnant: false, pregnancyMonths: null })).toBe('1 year');
    expect(studentAgeLine({ age: 0, isPregnant: true, pregnancyMonths: 6 })).toBe('Pregnant · 6 months');
  });
});
