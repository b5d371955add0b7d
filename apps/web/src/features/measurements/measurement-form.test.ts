import { MEASUREMENT_MESSAGES } from '@csp/contracts';
import { describe, expect, it } from 'vitest';
import {
  emptyMeasurementValues,
  heightText,
  toCreateMeasurementBody,
  validateMeasurement,
  weightText,
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

describe('units', () => {
  it('shows centimetres and kilograms with one decimal at most', () => {
    expect(heightText(102.5)).toBe('102.5 cm');
    expect(heightText(98)).toBe('98 cm');
    expect(weightText(16.44)).toBe('16.4 kg');
  });
});
