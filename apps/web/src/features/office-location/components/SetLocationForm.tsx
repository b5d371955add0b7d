import {
  OFFICE_LOCATION_LIMITS as L,
  OFFICE_LOCATION_MESSAGES as M,
  type OfficeLocationDefaults,
} from '@csp/contracts';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCurrentLocation, IconShieldCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { RetryPanel } from '../../../components/ListStates.tsx';
import { DetailPanel } from '../../../components/RecordLayout.tsx';
import { errorStatus } from '../../../lib/api.ts';
import { coordinatesText, GEOLOCATION_MESSAGES, getCurrentPosition } from '../../../lib/geo.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useSave } from '../../../lib/save.ts';
import { useOfficeLocationDefaultsQuery, useSetOfficeLocationMutation } from '../api/office-location.api.ts';
import {
  checkLocationFields,
  confirmationError,
  initialFormValues,
  officeErrorText,
  previewPoint,
  type OfficeLocationFieldErrors,
  type OfficeLocationFormValues,
} from '../office-location-form.ts';
import { MapsLink } from './CurrentLocationPanel.tsx';

/** A latitude or longitude, typed to six decimals within ±`limit`; the contract checks the range. */
function CoordinateInput({
  label,
  limit,
  ...field
}: {
  label: string;
  limit: number;
  value: number | string;
  onChange: (value: number | string) => void;
  error: string | undefined;
  readOnly: boolean;
}) {
  return (
    <NumberInput
      label={label}
      required
      min={-limit}
      max={limit}
      decimalScale={6}
      step={0.0001}
      clampBehavior="none"
      hideControls
      {...field}
    />
  );
}

function LocationForm({ defaults }: { defaults: OfficeLocationDefaults }) {
  const phrase = defaults.confirmationPhrase;
  const [values, setValues] = useState<OfficeLocationFormValues>(() => initialFormValues(defaults));
  const [errors, setErrors] = useState<OfficeLocationFieldErrors>({});
  const [confirming, setConfirming] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [locating, setLocating] = useState(false);
  const save = useSave({
    mutation: useSetOfficeLocationMutation(),
    failureText: (error) => officeErrorText(error, M.updateFailed),
    onSaved: () => {
      toastSuccess(M.updated);
      setConfirming(false);
      setCode('');
    },
    // A refused code is shown under its field as well as in the toast.
    onFailed: (error) => {
      const message = officeErrorText(error, M.updateFailed);
      if (errorStatus(error) === 400 && message.startsWith('Invalid confirmation code'))
        setCodeError(message);
      return false;
    },
  });

  const change = (field: keyof OfficeLocationFormValues) => (value: number | string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const useCurrent = async () => {
    setLocating(true);
    try {
      const { latitude, longitude } = await getCurrentPosition();
      setValues((v) => ({ ...v, latitude, longitude }));
      setErrors((e) => ({ ...e, latitude: undefined, longitude: undefined }));
      toastSuccess(M.currentCaptured);
    } catch (error) {
      const unsupported = error instanceof Error && error.message === GEOLOCATION_MESSAGES.unsupported;
      toastError(unsupported ? M.geolocationUnsupported : M.geolocationFailed);
    } finally {
      setLocating(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkLocationFields(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    if (!confirming) {
      setConfirming(true);
      return;
    }
    const wrong = confirmationError(code, phrase);
    setCodeError(wrong);
    if (wrong) return;
    void save.submit(() => ({ ...checked.body, confirmationCode: code.trim() }));
  };

  const back = () => {
    setConfirming(false);
    setCode('');
    setCodeError(undefined);
  };

  const point = previewPoint(values);
  const locked = confirming || save.busy;

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <CoordinateInput
            label="Latitude"
            limit={90}
            value={values.latitude}
            onChange={change('latitude')}
            error={errors.latitude}
            readOnly={locked}
          />
          <CoordinateInput
            label="Longitude"
            limit={180}
            value={values.longitude}
            onChange={change('longitude')}
            error={errors.longitude}
            readOnly={locked}
          />
          <TextInput
            label="Address"
            description="Optional"
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            maxLength={L.addressMaxLength}
            value={values.address}
            onChange={(e) => change('address')(e.currentTarget.value)}
            error={errors.address}
            readOnly={locked}
          />
          <NumberInput
            label="Validation radius (metres)"
            description={`From ${L.minRadius} m to ${L.maxRadius} m; check-ins within it are approved automatically`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            required
            min={L.minRadius}
            max={L.maxRadius}
            step={5}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            suffix=" m"
            value={values.radiusMeters}
            onChange={change('radiusMeters')}
            error={errors.radiusMeters}
            readOnly={locked}
          />
        </SimpleGrid>
        <Group gap="sm" justify="space-between">
          <Button
            variant="light"
            onClick={useCurrent}
            loading={locating}
            disabled={locked}
            leftSection={<IconCurrentLocation size={18} aria-hidden />}
          >
            Use Current Location
          </Button>
          {point ? (
            <MapsLink latitude={point.latitude} longitude={point.longitude}>
              {`Preview ${coordinatesText(point.latitude, point.longitude)} on the map`}
            </MapsLink>
          ) : (
            <Text size="sm" c="dimmed">
              Enter both coordinates to preview them on the map.
            </Text>
          )}
        </Group>
        {confirming ? (
          <Alert
            variant="light"
            color="yellow"
            icon={<IconShieldCheck size={20} aria-hidden />}
            title="Confirm the new office location"
          >
            <Stack gap="sm">
              <Text size="sm">
                Teachers&apos; check-ins will be measured from this point from now on. Type{' '}
                <Text component="strong" fw={700} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {phrase}
                </Text>{' '}
                to confirm.
              </Text>
              <TextInput
                label="Confirmation code"
                required
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                data-autofocus
                value={code}
                onChange={(e) => {
                  setCode(e.currentTarget.value);
                  setCodeError(undefined);
                }}
                error={codeError}
                maw={420}
              />
              <Group gap="sm">
                <Button type="submit" color="red" loading={save.busy}>
                  Confirm Update
                </Button>
                <Button variant="default" onClick={back} disabled={save.busy}>
                  Back
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <Group>
            <Button type="submit">Continue</Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/** The 'Set New Location' form (spec part 2 §2.8, §5): the fields, then a typed confirmation phrase. */
export function SetLocationForm() {
  const defaults = useOfficeLocationDefaultsQuery();
  return (
    <DetailPanel title="Set New Location">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The new location becomes the active one; earlier ones stay in the history as Inactive.
        </Text>
        {defaults.isPending ? (
          <Skeleton height={180} />
        ) : defaults.isError ? (
          <RetryPanel error={defaults.error} onRetry={() => void defaults.refetch()} />
        ) : (
          <LocationForm defaults={defaults.data} />
        )}
      </Stack>
    </DetailPanel>
  );
}
