import { OFFICE_LOCATION_MESSAGES as M, invalidConfirmationCodeMessage } from '@csp/contracts';
import { describe, expect, it } from 'vitest';
import { httpError } from '../../lib/api-error.testing.ts';
import {
  checkLocationFields,
  confirmationError,
  initialFormValues,
  numberOf,
  officeErrorText,
  previewPoint,
  radiusText,
  setByName,
  type OfficeLocationFormValues,
} from './office-location-form.ts';

const PHRASE = 'CONFIRM_CSP_LOCATION';
const DEFAULTS = {
  confirmationPhrase: PHRASE,
  latitude: 9.3064,
  longitude: 80.4037,
  address: 'Office, Jaffna',
  radiusMeters: 50,
};
const valid: OfficeLocationFormValues = {
  latitude: 9.3064,
  longitude: 80.4037,
  address: '  Office, Jaffna ',
  radiusMeters: 50,
};

describe('initialFormValues', () => {
  it('starts from the defaults', () => {
    expect(initialFormValues(DEFAULTS)).toEqual({
      latitude: 9.3064,
      longitude: 80.4037,
      address: 'Office, Jaffna',
      radiusMeters: 50,
    });
  });
  it('leaves the coordinates empty without defaults and uses the contract radius', () => {
    expect(initialFormValues(undefined)).toEqual({
      latitude: '',
      longitude: '',
      address: '',
      radiusMeters: 50,
    });
  });
});

describe('numberOf', () => {
  it('reads numbers and numeric text, not empty or partial input', () => {
    expect(numberOf(9.5)).toBe(9.5);
    expect(numberOf('-12.25')).toBe(-12.25);
    expect(numberOf('')).toBeUndefined();
    expect(numberOf('-')).toBeUndefined();
    expect(numberOf('abc')).toBeUndefined();
  });
});

describe('checkLocationFields', () => {
  it('answers the body with a trimmed address', () => {
    expect(checkLocationFields(valid)).toEqual({
      ok: true,
      body: { latitude: 9.3064, longitude: 80.4037, address: 'Office, Jaffna', radiusMeters: 50 },
    });
  });
  it('sends no address when it is left empty', () => {
    const result = checkLocationFields({ ...valid, address: '  ' });
    expect(result.ok && result.body.address).toBeNull();
  });
  it('requires both coordinates', () => {
    expect(checkLocationFields({ ...valid, latitude: '', longitude: '' })).toEqual({
      ok: false,
      errors: { latitude: M.latitudeRequired, longitude: M.longitudeRequired },
    });
  });
  it('checks the coordinate ranges', () => {
    const result = checkLocationFields({ ...valid, latitude: 91, longitude: -181 });
    expect(result).toEqual({
      ok: false,
      errors: {
        latitude: 'Latitude must be between -90 and 90',
        longitude: 'Longitude must be between -180 and 180',
      },
    });
  });
  it.each([9, 501, 50.5, ''])('refuses the radius %s', (radiusMeters) => {
    expect(checkLocationFields({ ...valid, radiusMeters })).toEqual({
      ok: false,
      errors: { radiusMeters: M.radiusRange },
    });
  });
  it.each([10, 500])('accepts the radius %s', (radiusMeters) => {
    expect(checkLocationFields({ ...valid, radiusMeters }).ok).toBe(true);
  });
  it('limits the address length', () => {
    const result = checkLocationFields({ ...valid, address: 'a'.repeat(501) });
    expect(result).toEqual({ ok: false, errors: { address: M.addressTooLong } });
  });
});

describe('confirmationError', () => {
  it('accepts the phrase exactly, spaces around ignored', () => {
    expect(confirmationError(PHRASE, PHRASE)).toBeUndefined();
    expect(confirmationError(` ${PHRASE} `, PHRASE)).toBeUndefined();
  });
  it.each(['', 'confirm_csp_location', 'CONFIRM_LOCATION'])('refuses %j with the spec message', (code) => {
    expect(confirmationError(code, PHRASE)).toBe(invalidConfirmationCodeMessage(PHRASE));
    expect(confirmationError(code, PHRASE)).toBe(
      'Invalid confirmation code. Please type "CONFIRM_CSP_LOCATION"',
    );
  });
});

describe('previewPoint', () => {
  it('needs both coordinates within range', () => {
    expect(previewPoint(valid)).toEqual({ latitude: 9.3064, longitude: 80.4037 });
    expect(previewPoint({ ...valid, longitude: '' })).toBeNull();
    expect(previewPoint({ ...valid, latitude: 95 })).toBeNull();
  });
});

describe('display helpers', () => {
  it('names the radius and who set the location', () => {
    expect(radiusText(50)).toBe('50 m');
    expect(setByName({ firstName: 'Ada', lastName: 'Admin' })).toBe('Ada Admin');
    expect(setByName(null)).toBe('—');
  });
  it("shows the server's message, else the default", () => {
    const withMessage = httpError(409, { statusCode: 409, error: 'Conflict', message: M.alreadySet });
    expect(officeErrorText(withMessage, M.initializeFailed)).toBe(M.alreadySet);
    expect(officeErrorText(new Error('network'), M.updateFailed)).toBe(M.updateFailed);
  });
});
