import {
  ageOn,
  CATEGORY_LABELS,
  createStudentBodySchema,
  isIsoDate,
  LIMITS,
  SEXES,
  STUDENT_LIMITS,
  updateStudentBodySchema,
  type CreateStudentBody,
  type Student,
  type StudentCategory,
  type StudentDetail,
  type UpdateStudentBody,
  type UserListItem,
} from '@csp/contracts';
import { ageText } from '../../lib/dates.ts';
import { contractErrors, withFormRule, type FormErrors } from '../../lib/forms.ts';

/**
 * The student forms' rules as pure functions (spec part 1 §3 create-form defaults, §4 category and
 * Baby Born, §5 create/edit student), kept apart from the pages so they can be tested.
 */

/** A number input's value: a number, '' while empty, or the text typed so far when not yet a number. */
export type NumberValue = number | string;

/** A number input's value as a number, '' when empty (NaN for text that is not a number). */
export function numberOf(value: NumberValue): number | '' {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? '' : Number(value);
}

/** A child's sex as the API takes it (growth scores need it). */
export type Sex = (typeof SEXES)[number];

/**
 * The values of both student forms (create and edit share one shape, so their shared fields can use
 * one form context: student-form-context.ts). The edit form does not show the pregnancy fields but
 * keeps them, so that a category change can clear them (spec part 1 §4).
 */
export interface StudentFormValues {
  studentId: string;
  category: StudentCategory | '';
  isPregnant: boolean;
  /** The student's (or, for a pregnant mother, the mother's) names. */
  firstName: string;
  lastName: string;
  motherAge: NumberValue;
  /** '' or '1'..'9' (a select). */
  pregnancyMonths: string;
  expectedDueDate: string;
  isBabyBorn: boolean;
  actualBirthDate: string;
  dateOfBirth: string;
  parentName: string;
  parentPhone: string;
  parentEmail: string;
  address: string;
  homeLocationName: string;
  homeLatitude: NumberValue;
  homeLongitude: NumberValue;
  assignedTeacherId: string;
  medicalInfo: string;
  /** '' when not recorded; not asked for a pregnant mother's record. */
  sex: Sex | '';
}

export type CreateStudentValues = StudentFormValues;
export type EditStudentValues = StudentFormValues;

/** Create-form defaults: everything empty or false (the read-only age shows 2 until a date is chosen). */
export const EMPTY_CREATE_VALUES: CreateStudentValues = {
  studentId: '',
  category: '',
  isPregnant: false,
  firstName: '',
  lastName: '',
  motherAge: '',
  pregnancyMonths: '',
  expectedDueDate: '',
  isBabyBorn: false,
  actualBirthDate: '',
  dateOfBirth: '',
  parentName: '',
  parentPhone: '',
  parentEmail: '',
  address: '',
  homeLocationName: '',
  homeLatitude: '',
  homeLongitude: '',
  assignedTeacherId: '',
  medicalInfo: '',
  sex: '',
};

export const CATEGORY_REQUIRED = 'Category is required';
export const DOB_IN_FUTURE = 'Date of birth cannot be in the future';
export const AGE_OUT_OF_RANGE = `Age must be between ${STUDENT_LIMITS.minAge} and ${STUDENT_LIMITS.maxAge}`;

/** The read-only age: whole years from the date of birth, never negative; 2 before a date is chosen. */
export function formAge(dateOfBirth: string, today: string): number {
  return isIsoDate(dateOfBirth) ? ageOn(dateOfBirth, today) : STUDENT_LIMITS.defaultFormAge;
}

/** A pregnant mother is only possible in the Survival Program. */
export function isPregnantMother(values: { category: StudentCategory | ''; isPregnant: boolean }): boolean {
  return values.category === 'SURVIVAL_PROGRAM' && values.isPregnant;
}

/** Choosing No on 'Is Pregnant' clears months, due date and birth date, and the baby is not born. */
export function afterPregnancyChoice<V extends CreateStudentValues>(values: V, isPregnant: boolean): V {
  if (isPregnant) return { ...values, isPregnant };
  return {
    ...values,
    isPregnant: false,
    motherAge: '',
    pregnancyMonths: '',
    expectedDueDate: '',
    actualBirthDate: '',
    isBabyBorn: false,
  };
}

const text = (value: string) => value.trim();

/** Drops empty strings (and empty number inputs) from a body. */
function withoutEmpty<T extends Record<string, unknown>>(body: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(body).filter(([, v]) => v !== '' && v !== undefined),
  ) as Partial<T>;
}

/**
 * The POST /api/students body. Empty strings are dropped; the pregnancy fields only travel for a
 * pregnant mother; actualBirthDate only when the baby is born. A pregnant mother's record has no date
 * of birth of its own yet: it is the registration day (`today`) until 'Baby Born' sets the real one.
 */
export function toCreateBody(values: CreateStudentValues, today: string): CreateStudentBody {
  const pregnant = isPregnantMother(values);
  const dateOfBirth = pregnant ? today : text(values.dateOfBirth);
  const body = withoutEmpty({
    studentId: text(values.studentId),
    category: values.category,
    firstName: text(values.firstName),
    lastName: text(values.lastName),
    dateOfBirth,
    // A pregnant mother's record has no age of its own (the server derives it from the date of birth);
    // her age travels in motherAge. Sent in `age` as well, it would be read as hers (contracts alias).
    age: !pregnant && isIsoDate(dateOfBirth) ? ageOn(dateOfBirth, today) : undefined,
    parentName: text(values.parentName),
    parentPhone: text(values.parentPhone),
    parentEmail: text(values.parentEmail),
    address: text(values.address),
    medicalInfo: text(values.medicalInfo),
    assignedTeacherId: values.assignedTeacherId,
    homeLocationName: text(values.homeLocationName),
    homeLatitude: numberOf(values.homeLatitude),
    homeLongitude: numberOf(values.homeLongitude),
    isPregnant: pregnant,
    motherAge: numberOf(values.motherAge),
    pregnancyMonths: values.pregnancyMonths === '' ? '' : Number(values.pregnancyMonths),
    expectedDueDate: text(values.expectedDueDate),
    isBabyBorn: values.isBabyBorn,
    actualBirthDate: text(values.actualBirthDate),
    // A pregnant mother's record is hers until the baby is born: no child's sex.
    sex: pregnant ? '' : values.sex,
  });
  if (!pregnant) {
    delete body.motherAge;
    delete body.pregnancyMonths;
    delete body.expectedDueDate;
  }
  if (!body.isBabyBorn) delete body.actualBirthDate;
  return body as CreateStudentBody;
}

/**
 * The contract's checks of the body a form sends, and what only the form knows: 'Category is required'
 * (no category travels when none is chosen, and the schema's message lists the categories instead), and
 * a date of birth neither after today nor too long ago (the contract cannot know today).
 */
function studentFormErrors(
  schema: typeof createStudentBodySchema | typeof updateStudentBodySchema,
  body: unknown,
  values: StudentFormValues,
  today: string,
): FormErrors {
  const errors = contractErrors(schema, body);
  if (!values.category) errors.category = CATEGORY_REQUIRED;
  if (isPregnantMother(values)) return errors;
  const dateOfBirth = text(values.dateOfBirth);
  const known = isIsoDate(dateOfBirth);
  withFormRule(errors, 'dateOfBirth', known && dateOfBirth > today, DOB_IN_FUTURE);
  return withFormRule(
    errors,
    'dateOfBirth',
    known && ageOn(dateOfBirth, today) > STUDENT_LIMITS.maxAge,
    AGE_OUT_OF_RANGE,
  );
}

/** Validates the create form with the contracts' schema, plus the category and date-of-birth checks. */
export function validateCreate(values: CreateStudentValues, today: string): FormErrors {
  return studentFormErrors(createStudentBodySchema, toCreateBody(values, today), values, today);
}

// --- edit -----------------------------------------------------------------------------------------

export function editValuesOf(student: Student): EditStudentValues {
  return {
    studentId: student.studentId,
    firstName: student.firstName,
    lastName: student.lastName,
    dateOfBirth: student.dateOfBirth,
    category: student.category,
    assignedTeacherId: student.assignedTeacherId ?? '',
    parentName: student.parentName ?? '',
    parentPhone: student.parentPhone ?? '',
    parentEmail: student.parentEmail ?? '',
    address: student.address ?? '',
    medicalInfo: student.medicalInfo ?? '',
    homeLatitude: student.homeLatitude ?? '',
    homeLongitude: student.homeLongitude ?? '',
    homeLocationName: student.homeLocationName ?? '',
    isPregnant: student.isPregnant,
    motherAge: student.motherAge ?? '',
    pregnancyMonths: student.pregnancyMonths === null ? '' : String(student.pregnancyMonths),
    expectedDueDate: student.expectedDueDate ?? '',
    actualBirthDate: student.actualBirthDate ?? '',
    isBabyBorn: student.isBabyBorn,
    sex: student.sex ?? '',
  };
}

/** Moving away from SURVIVAL_PROGRAM clears the pregnancy and birth fields (spec part 1 §4). */
export function afterCategoryChange(
  values: EditStudentValues,
  category: StudentCategory | '',
): EditStudentValues {
  if (category === 'SURVIVAL_PROGRAM' || values.category !== 'SURVIVAL_PROGRAM') {
    return { ...values, category };
  }
  return {
    ...values,
    category,
    isPregnant: false,
    pregnancyMonths: '',
    expectedDueDate: '',
    actualBirthDate: '',
    isBabyBorn: false,
  };
}

/**
 * The PATCH /api/students/{id} body of the edit form. Emptied texts are cleared (null); the empty
 * optional values the spec names (due date, birth date, pregnancy months, coordinates, location name)
 * are left out. Only an administrator sends the assigned teacher. A pregnant mother who stays one keeps
 * her pregnancy as it is (the form does not show it).
 */
export function toUpdateBody(values: EditStudentValues, today: string, isAdmin: boolean): UpdateStudentBody {
  const orNull = (v: string) => text(v) || null;
  const dateOfBirth = text(values.dateOfBirth);
  const body: UpdateStudentBody = {
    studentId: text(values.studentId),
    firstName: text(values.firstName),
    lastName: text(values.lastName),
    dateOfBirth,
    ...(isIsoDate(dateOfBirth) ? { age: ageOn(dateOfBirth, today) } : {}),
    ...(values.category ? { category: values.category } : {}),
    parentName: orNull(values.parentName),
    parentPhone: orNull(values.parentPhone),
    parentEmail: orNull(values.parentEmail),
    address: orNull(values.address),
    medicalInfo: orNull(values.medicalInfo),
    ...(isAdmin ? { assignedTeacherId: values.assignedTeacherId || null } : {}),
    ...(numberOf(values.homeLatitude) !== ''
      ? { homeLatitude: numberOf(values.homeLatitude) as number }
      : {}),
    ...(numberOf(values.homeLongitude) !== ''
      ? { homeLongitude: numberOf(values.homeLongitude) as number }
      : {}),
    ...(text(values.homeLocationName) ? { homeLocationName: text(values.homeLocationName) } : {}),
  };
  const stillPregnant = values.category === 'SURVIVAL_PROGRAM' && values.isPregnant;
  if (stillPregnant) {
    const months = numberOf(values.pregnancyMonths);
    if (months !== '') body.pregnancyMonths = months;
    if (text(values.expectedDueDate)) body.expectedDueDate = text(values.expectedDueDate);
  } else {
    body.isPregnant = false;
    // 'Not recorded' clears it.
    body.sex = values.sex || null;
    body.isBabyBorn = values.isBabyBorn;
    if (values.isBabyBorn && text(values.actualBirthDate))
      body.actualBirthDate = text(values.actualBirthDate);
  }
  return body;
}

/** Validates the edit form with the contracts' update schema (parent email: 'Please enter a valid email address'). */
export function validateEdit(values: EditStudentValues, today: string, isAdmin: boolean): FormErrors {
  return studentFormErrors(updateStudentBodySchema, toUpdateBody(values, today, isAdmin), values, today);
}

// --- Baby Born --------------------------------------------------------------------------------------

/**
 * The update that turns a pregnant mother's record into her baby's (spec part 1 §4): names, parent
 * phone and email, address, medical information and teacher are kept; the parent name becomes the
 * mother's full name; the baby is born today, aged 0, still in the Survival Program.
 */
export function babyBornBody(student: StudentDetail, today: string): UpdateStudentBody {
  return {
    firstName: student.firstName,
    lastName: student.lastName,
    parentName: `${student.firstName} ${student.lastName}`.trim(),
    parentPhone: student.parentPhone,
    parentEmail: student.parentEmail,
    address: student.address,
    medicalInfo: student.medicalInfo,
    assignedTeacherId: student.assignedTeacherId,
    dateOfBirth: today,
    age: 0,
    category: 'SURVIVAL_PROGRAM',
    isPregnant: false,
    pregnancyMonths: null,
    expectedDueDate: null,
    actualBirthDate: today,
    isBabyBorn: true,
    // The record as shown: a mother's record changed since is not overwritten unseen (decision 0027).
    updatedAt: student.updatedAt,
  };
}

/** Whether the 'Baby Born' button applies. */
export function canMarkBabyBorn(student: Pick<Student, 'category' | 'isPregnant' | 'isBabyBorn'>): boolean {
  return student.category === 'SURVIVAL_PROGRAM' && student.isPregnant && !student.isBabyBorn;
}

export const BABY_BORN_ERRORS = {
  notFound: 'Student not found. Please refresh the page and try again.',
  forbidden: 'You do not have permission to update this student.',
  other: 'Failed to convert to baby record. Please try again.',
} as const;

export function babyBornErrorMessage(status: number | undefined): string {
  if (status === 404) return BABY_BORN_ERRORS.notFound;
  if (status === 403) return BABY_BORN_ERRORS.forbidden;
  return BABY_BORN_ERRORS.other;
}

// --- display ----------------------------------------------------------------------------------------

/** The latest home visit's status (the list cards show it: components/VisitStatusBadge.tsx), or null without visits. */
export function latestVisitStatus(student: Pick<Student, 'homeVisits'>): string | null {
  return student.homeVisits[0]?.status ?? null;
}

/** Home visits are recorded for these categories (Quick Stats shows their count only here). */
export function hasHomeVisits(category: StudentCategory): boolean {
  return category === 'HOME_BASE' || category === 'SURVIVAL_PROGRAM';
}

/** A pregnant mother's record has no age of its own yet; the card says how far the pregnancy is. */
export function studentAgeLine(student: Pick<Student, 'age' | 'isPregnant' | 'pregnancyMonths'>): string {
  if (student.isPregnant) {
    return student.pregnancyMonths
      ? `Pregnant · ${student.pregnancyMonths} ${student.pregnancyMonths === 1 ? 'month' : 'months'}`
      : 'Pregnant';
  }
  return ageText(student.age);
}

/** 'First Last (n/25)'. */
export function teacherOptionLabel(
  t: Pick<UserListItem, 'firstName' | 'lastName' | 'assignedStudentsCount'>,
): string {
  return `${t.firstName} ${t.lastName} (${t.assignedStudentsCount}/${LIMITS.maxStudentsPerTeacher})`;
}

export const SEX_LABELS: Record<Sex, string> = { MALE: 'Male', FEMALE: 'Female' };

/** The Sex select's choices: 'Not recorded' (''), Male, Female. */
export const SEX_OPTIONS: { value: Sex | ''; label: string }[] = [
  { value: '', label: 'Not recorded' },
  ...SEXES.map((s) => ({ value: s, label: SEX_LABELS[s] })),
];

/** 'Male', 'Female', or '—' when not recorded. */
export const sexText = (sex: Sex | null | undefined) => (sex ? SEX_LABELS[sex] : '—');

export const CATEGORY_OPTIONS: { value: StudentCategory | ''; label: string; disabled?: boolean }[] = [
  { value: '', label: 'Select a category', disabled: true },
  { value: 'SURVIVAL_PROGRAM', label: `${CATEGORY_LABELS.SURVIVAL_PROGRAM} (pregnant mothers, babies 0-1)` },
  { value: 'HOME_BASE', label: `${CATEGORY_LABELS.HOME_BASE} (1-3 years)` },
  { value: 'CENTER_BASE', label: `${CATEGORY_LABELS.CENTER_BASE} (3 years and over)` },
];
