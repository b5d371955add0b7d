import { MEASUREMENT_MESSAGES } from '@csp/contracts';
import { describe, expect, it } from 'vitest';
import {
  canDeleteMeasurement,
  emptyMeasurementValues,
  POSITION_LABELS,
  suggestedPosition,
  toCreateMeasurementBody,
  validateMeasurement,
  type MeasurementFormValues,
} from './measurement-form.ts';

const TODAY = '2026-06-15';
const STUDENT = '6f1c1d3e-9b7a-4c3e-8f51-2d0b7a1e9c44';
const FILE = '0b7a1e9c-9b7a-4c3e-8f51-2d0b7a1e9c44';

const values = (changes: Partial<MeasurementFormValues> = {}): MeasurementFormValues => ({
  ...emptyMeasurementValues(TODAY, STUDENT),
  height: 102.5,
  weight: 16.4,
  ...changes,
});

describe('toCreateMeasurementBody', () => {
  it('sends the figures, date, notes, position and photos', () => {
    expect(
      toCreateMeasurementBody(values({ notes: '  After lunch ', position: 'STANDING' }), [FILE]),
    ).toEqual({
      studentId: STUDENT,
      height: 102.5,
      weight: 16.4,
      date: TODAY,
      notes: 'After lunch',
      position: 'STANDING',
      photos: [FILE],
    });
  });

  it('leaves out empty notes and an unrecorded position; typed text becomes a number', () => {
    const body = toCreateMeasurementBody(values({ height: '98.0', notes: ' ', position: '' }), []);
    expect(body).toEqual({ studentId: STUDENT, height: 98, weight: 16.4, date: TODAY, photos: [] });
  });
});

describe('validateMeasurement', () => {
  it('passes a complete form', () => {
    expect(validateMeasurement(values(), TODAY)).toEqual({});
  });

  it("shows the spec's messages for no student and missing or zero figures", () => {
    expect(validateMeasurement(values({ studentId: '', height: '', weight: 0 }), TODAY)).toEqual({
      studentId: 'Please select a student',
      height: 'Please enter height and weight',
      weight: 'Please enter height and weight',
    });
  });

  it('names implausible figures and refuses a missing or future date', () => {
    expect(validateMeasurement(values({ height: 900 }), TODAY).height).toBe(MEASUREMENT_MESSAGES.heightRange);
    expect(validateMeasurement(values({ date: '' }), TODAY).date).toBe(MEASUREMENT_MESSAGES.dateRequired);
    expect(validateMeasurement(values({ date: '2026-06-16' }), TODAY).date).toBe(
      MEASUREMENT_MESSAGES.dateInFuture,
    );
  });
});

describe('suggestedPosition', () => {
  const child = (dateOfBirth: string, isPregnant = false) => ({ dateOfBirth, isPregnant });

  it('suggests lying under 731 days (2 years) and standing from 731 days on the measurement date', () => {
    expect(suggestedPosition(child('2025-06-15'), '2026-06-15', TODAY)).toBe('LYING');
    // 730 and 731 days.
    expect(suggestedPosition(child('2024-06-15'), '2026-06-15', TODAY)).toBe('LYING');
    expect(suggestedPosition(child('2024-06-14'), '2026-06-15', TODAY)).toBe('STANDING');
    expect(suggestedPosition(child('2022-01-01'), '2026-06-15', TODAY)).toBe('STANDING');
    // The measurement's date counts: measured a year ago, the same child was a baby.
    expect(suggestedPosition(child('2024-06-15'), '2025-06-15', TODAY)).toBe('LYING');
  });

  it("uses today's date while the date box is empty; nothing before a student is known", () => {
    expect(suggestedPosition(child('2024-06-15'), '', TODAY)).toBe('LYING');
    expect(suggestedPosition(child('2024-06-14'), '', TODAY)).toBe('STANDING');
    expect(suggestedPosition(undefined, TODAY, TODAY)).toBe('');
  });

  it('has a pregnant mother stand', () => {
    expect(suggestedPosition(child(TODAY, true), TODAY, TODAY)).toBe('STANDING');
  });

  it('names the positions by what is measured', () => {
    expect(POSITION_LABELS).toEqual({ LYING: 'Lying (length)', STANDING: 'Standing (height)' });
  });
});

describe('canDeleteMeasurement', () => {
  const by = (id: string) => ({ measuredBy: { id, firstName: 'Tara', lastName: 'Field' } });
  it('lets an administrator delete any measurement and a teacher only one they recorded', () => {
    expect(canDeleteMeasurement(by('t1'), { id: 'a1', role: 'ADMIN' })).toBe(true);
    expect(canDeleteMeasurement({ measuredBy: null }, { id: 'a1', role: 'ADMIN' })).toBe(true);
    expect(canDeleteMeasurement(by('t1'), { id: 't1', role: 'TEACHER' })).toBe(true);
    expect(canDeleteMeasurement(by('t2'), { id: 't1', role: 'TEACHER' })).toBe(false);
    expect(canDeleteMeasurement({ measuredBy: null }, { id: 't1', role: 'TEACHER' })).toBe(false);
  });
});
