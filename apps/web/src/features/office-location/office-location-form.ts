import {
  invalidConfirmationCodeMessage,
  OFFICE_LOCATION_LIMITS,
  setOfficeLocationBodySchema,
  type OfficeLocationDefaults,
  type SetOfficeLocationBody,
} from '@csp/contracts';
import { getErrorMessage } from '../../lib/api.ts';
import { contractErrors } from '../../lib/forms.ts';

/** The 'Set New Location' form as typed: NumberInputs hold '' while empty. */
export interface OfficeLocationFormValues {
  latitude: number | string;
  longitude: number | string;
  address: string;
  radiusMeters: number | string;
}

export type OfficeLocationFieldErrors = Partial<Record<keyof OfficeLocationFormValues, string>>;

/** The form's starting values: the organisation's defaults (spec part 2 §9), or the contract's radius. */
export function initialFormValues(defaults: OfficeLocationDefaults | undefined): OfficeLocationFormValues {
  return {
    latitude: defaults?.latitude ?? '',
    longitude: defaults?.longitude ?? '',
    address: defaults?.address ?? '',
    radiusMeters: defaults?.radiusMeters ?? OFFICE_LOCATION_LIMITS.defaultRadius,
  };
}

/** A NumberInput's value as a number; undefined while empty or not a number. */
export function numberOf(value: number | string): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  const text = value.trim();
  if (text === '' || text === '-' || text === '.') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

const locationFieldsSchema = setOfficeLocationBodySchema.omit({ confirmationCode: true });

/**
 * Checks the location fields with the contract's schema (the confirmation code is the second step):
 * the body without the code when valid, otherwise each field's first message.
 */
export function checkLocationFields(
  values: OfficeLocationFormValues,
):
  | { ok: true; body: Omit<SetOfficeLocationBody, 'confirmationCode'> }
  | { ok: false; errors: OfficeLocationFieldErrors } {
  const raw = {
    latitude: numberOf(values.latitude),
    longitude: numberOf(values.longitude),
    address: values.address,
    radiusMeters: numberOf(values.radiusMeters) ?? Number.NaN,
  };
  const errors: OfficeLocationFieldErrors = contractErrors(locationFieldsSchema, raw);
  if (Object.keys(errors).length === 0) {
    return {
      ok: true,
      body: {
        latitude: raw.latitude as number,
        longitude: raw.longitude as number,
        address: values.address.trim() === '' ? null : values.address.trim(),
        radiusMeters: raw.radiusMeters,
      },
    };
  }
  return { ok: false, errors };
}

/** Spec part 2 §5: the typed code must equal the phrase (surrounding spaces ignored, as the API trims). */
export function confirmationError(code: string, phrase: string): string | undefined {
  return code.trim() === phrase ? undefined : invalidConfirmationCodeMessage(phrase);
}

/** Both coordinates as numbers within range, for the map preview; null otherwise. */
export function previewPoint(
  values: OfficeLocationFormValues,
): { latitude: number; longitude: number } | null {
  const latitude = numberOf(values.latitude);
  const longitude = numberOf(values.longitude);
  if (latitude === undefined || longitude === undefined) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/** '50 m'. */
export const radiusText = (metres: number) => `${metres} m`;

/** 'First Last', or '—' when nobody is recorded. */
export function setByName(setBy: { firstName: string; lastName: string } | null): string {
  const name = setBy ? `${setBy.firstName} ${setBy.lastName}`.trim() : '';
  return name || '—';
}

/** The server's message of a failed call, else the spec's default text. */
export const officeErrorText = (error: unknown, fallback: string) => getErrorMessage(error, fallback);
