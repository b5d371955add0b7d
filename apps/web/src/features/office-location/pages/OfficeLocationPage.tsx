import { Stack } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { AdminOnly } from '../../../components/AdminOnly.tsx';
import { CurrentLocationPanel } from '../components/CurrentLocationPanel.tsx';
import { LocationHistory } from '../components/LocationHistory.tsx';
import { SetLocationForm } from '../components/SetLocationForm.tsx';

const TITLE = 'Office Location';

/** /admin/office-location (spec part 2 §2.8): the active location, a new one, and the history. */
function OfficeLocationContent() {
  return (
    <Stack gap="lg">
      <PageHeader
        title={TITLE}
        description="Teachers' check-ins within the radius of the office are approved automatically."
      />
      <CurrentLocationPanel />
      <SetLocationForm />
      <LocationHistory />
    </Stack>
  );
}

export function OfficeLocationPage() {
  return (
    <AdminOnly title={TITLE}>
      <OfficeLocationContent />
    </AdminOnly>
  );
}
