import {
  invalidConfirmationCodeMessage,
  OFFICE_LOCATION_MESSAGES as M,
  type OfficeLocation,
} from '@csp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { expectError, onPostgres, type SeededUser, type TestContext } from '../../test/setup.ts';
import { callerAs, closeTestApp, createStaffApp } from '../../test/factories.ts';

let t: TestContext;
let admin: SeededUser;
let teacher: SeededUser;
const PHRASE = 'CONFIRM_TEST_LOCATION';

const inject = callerAs(() => t.app, '/api/office-location');
const set = (as: SeededUser, payload: unknown) => inject(as, 'POST', '/set', payload);
const office = (over: Record<string, unknown> = {}) => ({
  latitude: 9.6615,
  longitude: 80.0255,
  address: 'Temple Road, Jaffna',
  radiusMeters: 120,
  confirmationCode: PHRASE,
  ...over,
});

beforeAll(async () => {
  ({ t, admin, teacher } = await createStaffApp());
});
afterAll(() => closeTestApp(t));

describe('office location', () => {
  it('starts with none; the default is set once, then 409', async () => {
    const none = await inject(teacher, 'GET', '/current');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    expectError(await inject(teacher, 'POST', '/initialize-default'), 403);
    const res = await inject(admin, 'POST', '/initialize-default');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      latitude: 9.3064,
      longitude: 80.4037,
      radiusMeters: 50,
      address: 'Programme office, Jaffna',
      isActive: true,
      setBy: { firstName: 'Ada', lastName: 'Admin' },
    });
    expectError(await inject(admin, 'POST', '/initialize-default'), 409, M.alreadySet);
    expectError(
      await inject(admin, 'POST', '/initialize-default', { latitude: 1 }),
      400,
      'Unknown field: latitude',
    );
    expect((await inject(teacher, 'GET', '/current')).json()).toMatchObject({ latitude: 9.3064 });
  });

  it('sets a new location with the phrase, leaving the old ones inactive in the history', async () => {
    const res = await set(admin, office({ address: '  ' }));
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json() as OfficeLocation;
    expect(made).toMatchObject({ latitude: 9.6615, radiusMeters: 120, address: null, isActive: true });
    expect((await inject(admin, 'GET', '/current')).json()).toMatchObject({ id: made.id });
    const second = (
      await set(admin, office({ latitude: 9.7, radiusMeters: undefined }))
    ).json() as OfficeLocation;
    expect(second.radiusMeters).toBe(50);
    const history = (await inject(admin, 'GET', '/history')).json() as OfficeLocation[];
    expect(history.map((h) => h.isActive)).toEqual([true, false, false]);
    expect(history[0].id).toBe(second.id);
    const page = await inject(admin, 'GET', '/history?page=2&limit=1');
    expect(page.headers['x-total-count']).toBe('3');
    expect((page.json() as OfficeLocation[])[0].id).toBe(made.id);
    expectError(await inject(teacher, 'GET', '/history'), 403);
  });

  it('checks the confirmation phrase on the server and every field', async () => {
    expectError(
      await set(admin, office({ confirmationCode: 'CONFIRM_ORG_LOCATION' })),
      400,
      invalidConfirmationCodeMessage(PHRASE),
    );
    expectError(
      await set(admin, office({ confirmationCode: 'confirm_test_location' })),
      400,
      invalidConfirmationCodeMessage(PHRASE),
    );
    expectError(await set(admin, office({ confirmationCode: undefined })), 400, M.codeRequired);
    expectError(await set(admin, office({ latitude: undefined })), 400, M.latitudeRequired);
    expectError(await set(admin, office({ longitude: undefined })), 400, M.longitudeRequired);
    expectError(await set(admin, office({ latitude: '9.6' })), 400, 'Latitude must be a number');
    expectError(await set(admin, office({ latitude: 91 })), 400, 'Latitude must be between -90 and 90');
    expectError(await set(admin, office({ longitude: -181 })), 400, 'Longitude must be between -180 and 180');
    for (const radiusMeters of [9, 501, 50.5, '50']) {
      expectError(await set(admin, office({ radiusMeters })), 400, M.radiusRange);
    }
    expectError(await set(admin, office({ address: 'x'.repeat(501) })), 400, M.addressTooLong);
    expectError(await set(admin, office({ address: 'a\u0000b' })), 400);
    expectError(await set(admin, office({ isActive: false })), 400, 'Unknown field: isActive');
    expectError(await set(teacher, office()), 403);
    expectError(await inject(null, 'POST', '/set', office()), 401);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/office-location/set',
      headers: { ...admin.auth, 'content-type': 'application/json' },
      payload: '{"latitude":',
    });
    expectError(malformed, 400, 'The request body is not valid JSON');
  });

  it('answers the form defaults and the phrase to admins', async () => {
    const res = await inject(admin, 'GET', '/defaults');
    expect(res.json()).toEqual({
      confirmationPhrase: PHRASE,
      latitude: 9.3064,
      longitude: 80.4037,
      address: 'Programme office, Jaffna',
      radiusMeters: 50,
    });
    expectError(await inject(teacher, 'GET', '/defaults'), 403);
  });

  it('keeps one active location when several are set at once', async () => {
    const results = await Promise.all(
      Array.from({ length: onPostgres ? 10 : 4 }, (_, i) => set(admin, office({ latitude: 9 + i / 100 }))),
    );
    expect(results.map((r) => r.statusCode).every((c) => c === 201)).toBe(true);
    const history = (await inject(admin, 'GET', '/history')).json() as OfficeLocation[];
    expect(history.filter((h) => h.isActive)).toHaveLength(1);
  });
});

describe('the default from the environment', () => {
  it('reads OFFICE_DEFAULT_* and refuses values out of range', () => {
    const env = { DATA_DIR: t.config.dataDir, JWT_SECRET: 'x'.repeat(40) };
    expect(
      loadConfig({
        ...env,
        OFFICE_DEFAULT_LATITUDE: '6.9271',
        OFFICE_DEFAULT_LONGITUDE: '79.8612',
        OFFICE_DEFAULT_ADDRESS: 'Colombo office',
        OFFICE_DEFAULT_RADIUS_METERS: '80',
      }).officeDefault,
    ).toEqual({ latitude: 6.9271, longitude: 79.8612, address: 'Colombo office', radiusMeters: 80 });
    expect(() => loadConfig({ ...env, OFFICE_DEFAULT_LATITUDE: '95' })).toThrow(/OFFICE_DEFAULT_LATITUDE/);
    expect(() => loadConfig({ ...env, OFFICE_DEFAULT_RADIUS_METERS: '5' })).toThrow(/between 10 and 500/);
  });
});
