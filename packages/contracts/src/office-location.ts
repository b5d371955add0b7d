import { z } from 'zod';
import { isPlainText, notAllowedCharacters } from './common.ts';
import { pageQueryFields } from './paging.ts';

/** Spec part 2 §5 and §9: the office location. */
export const OFFICE_LOCATION_LIMITS = {
  minRadius: 10,
  maxRadius: 500,
  defaultRadius: 50,
  addressMaxLength: 500,
} as const;

const L = OFFICE_LOCATION_LIMITS;

/** The phrase an administrator types to confirm a new office location: CONFIRM_<ORG_CODE>_LOCATION. */
export const officeConfirmationPhrase = (orgCode: string) => `CONFIRM_${orgCode}_LOCATION`;

export const OFFICE_LOCATION_MESSAGES = {
  noLocation: 'No Office Location Set',
  notSpecified: 'Not specified',
  latitudeRequired: 'Latitude is required',
  longitudeRequired: 'Longitude is required',
  radiusRange: `Radius must be a whole number of metres between ${L.minRadius} and ${L.maxRadius}`,
  addressTooLong: `Address must be at most ${L.addressMaxLength} characters`,
  codeRequired: 'Please type the confirmation code',
  alreadySet: 'An office location is already set; set a new one instead',
  onlyAdmins: 'Only administrators can do this',
  updated: 'Office location updated successfully!',
  updateFailed: 'Failed to update office location',
  initialized: 'Default office location initialized successfully!',
  initializeFailed: 'Failed to initialize default location',
  currentCaptured: 'Current location captured!',
  geolocationUnsupported: 'Geolocation is not supported by this browser.',
  geolocationFailed: 'Failed to get current location. Please enter coordinates manually.',
} as const;

/** Spec §5: the message for a wrong confirmation code names the phrase in quotes. */
export const invalidConfirmationCodeMessage = (phrase: string) =>
  `Invalid confirmation code. Please type "${phrase}"`;

const M = OFFICE_LOCATION_MESSAGES;

/** A required coordinate: 'Latitude is required' when left out, the range otherwise. */
const coordinate = (label: string, required: string, limit: number) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? required : `${label} must be a number`) })
    .min(-limit, { message: `${label} must be between -${limit} and ${limit}` })
    .max(limit, { message: `${label} must be between -${limit} and ${limit}` });

// POST /api/office-location/set
export const setOfficeLocationBodySchema = z.strictObject({
  latitude: coordinate('Latitude', M.latitudeRequired, 90),
  longitude: coordinate('Longitude', M.longitudeRequired, 180),
  address: z
    .string({ message: 'Address must be text' })
    .trim()
    .max(L.addressMaxLength, { message: M.addressTooLong })
    .refine((v) => isPlainText(v), { message: notAllowedCharacters('Address') })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  radiusMeters: z
    .number({ message: M.radiusRange })
    .int({ message: M.radiusRange })
    .min(L.minRadius, { message: M.radiusRange })
    .max(L.maxRadius, { message: M.radiusRange })
    .default(L.defaultRadius),
  confirmationCode: z
    .string({ message: M.codeRequired })
    .trim()
    .min(1, { message: M.codeRequired })
    .max(200, { message: M.codeRequired })
    .describe('CONFIRM_<ORG_CODE>_LOCATION (GET /api/office-location/defaults answers the phrase)'),
});
export type SetOfficeLocationBody = z.input<typeof setOfficeLocationBodySchema>;

export const officeLocationSchema = z.object({
  id: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  address: z.string().nullable(),
  radiusMeters: z.number().int(),
  setBy: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  createdAt: z.string(),
  isActive: z.boolean(),
});
export type OfficeLocation = z.infer<typeof officeLocationSchema>;

/** GET /api/office-location/current: the active location, or null when none is set. */
export const currentOfficeLocationSchema = officeLocationSchema.nullable();

// GET /api/office-location/history
export const officeLocationHistoryQuerySchema = z.strictObject({ ...pageQueryFields });

/** GET /api/office-location/defaults (admins): the set form's defaults and the confirmation phrase. */
export const officeLocationDefaultsSchema = z.object({
  confirmationPhrase: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  address: z.string(),
  radiusMeters: z.number().int(),
});
export type OfficeLocationDefaults = z.infer<typeof officeLocationDefaultsSchema>;
