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
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCurrentLocation, IconShieldCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { RetryPanel } from '../../../components/ListStates.tsx';
import { errorStatus } from '../../../lib/api.ts';
import { coordinatesText, GEOLOCATION_MESSAGES, getCurrentPosition } from '../../../lib/geo.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
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

const HEADING_ID = 'set-office-location';

function LocationForm({ defaults }: { defaults: OfficeLocationDefaults }) {
  const phrase = defaults.confirmationPhrase;
  const [values, setValues] = useState<OfficeLocationFormValues>(() => initialFormValues(defaults));
  const [errors, setErrors] = useState<OfficeLocationFieldErrors>({});
  const [confirming, setConfirming] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [locating, setLocating] = useState(false);
  const save = useSetOfficeLocationMutation();

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
    save.mutate(
      { ...checked.body, confirmationCode: code.trim() },
      {
        onSuccess: () => {
          toastSuccess(M.updated);
          setConfirming(false);
          setCode('');
        },
        onError: (error) => {
          const message = officeErrorText(error, M.updateFailed);
          if (errorStatus(error) === 400 && message.startsWith('Invalid confirmation code'))
            setCodeError(message);
          toastError(message);
        },
      },
    );
  };

  const back = () => {
    setConfirming(false);
    setCode('');
    setCodeError(undefined);
  };

  const point = previewPoint(values);
  const locked = confirming || save.isPending;

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <NumberInput
            label="Latitude"
            required
            min={-90}
            max={90}
            decimalScale={6}
            step={0.0001}
            clampBehavior="none"
            hideControls
            value={values.latitude}
            onChange={change('latitude')}
            error={errors.latitude}
            readOnly={locked}
          />
          <NumberInput
            label="Longitude"
            required
            min={-180}
            max={180}
            decimalScale={6}
            step={0.0001}
            clampBehavior="none"
            hideControls
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
                <Button type="submit" color="red" loading={save.isPending}>
                  Confirm Update
                </Button>
                <Button variant="default" onClick={back} disabled={save.isPending}>
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
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={HEADING_ID}
    >
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4" id={HEADING_ID}>
            Set New Location
          </Title>
          <Text size="sm" c="dimmed">
            The new location becomes the active one; earlier ones stay in the history as Inactive.
          </Text>
        </div>
        {defaults.isPending ? (
          <Skeleton height={180} />
        ) : defaults.isError ? (
          <RetryPanel error={defaults.error} onRetry={() => void defaults.refetch()} />
        ) : (
          <LocationForm defaults={defaults.data} />
        )}
      </Stack>
    </Paper>
  );
}
