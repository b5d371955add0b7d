import { CATEGORY_LABELS, STUDENT_LIMITS, type StudentDetail } from '@csp/contracts';
import { Anchor, Avatar, Button, Grid, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBabyCarriage, IconExternalLink, IconMapPin, IconPalette, IconRuler2 } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { BackLink } from '../../../components/BackLink.tsx';
import { DetailItem } from '../../../components/DetailItem.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { DetailPanel, RecordHeader } from '../../../components/RecordLayout.tsx';
import { RecordPage } from '../../../components/RecordPage.tsx';
import { DeleteButton, EditButton } from '../../../components/RecordActions.tsx';
import { initialsOf } from '../../../components/UserAvatar.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { coordinatesText, mapsUrl } from '../../../lib/geo.ts';
import { durationText } from '../../../lib/duration-text.ts';
import { HistoryPanel } from '../../audit/components/HistoryPanel.tsx';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { heightText, weightText } from '../../../lib/body-measures.ts';
import { personName } from '../../../lib/person-name.ts';
import { useStudentQuery } from '../api/students.api.ts';
import { StudentAgeLine } from '../components/StudentAgeLine.tsx';
import {
  ActiveBadge,
  CATEGORY_COLORS,
  CategoryBadge,
  STUDENT_NOT_FOUND,
} from '../components/StudentBits.tsx';
import { BabyBornDialog, DeleteStudentDialog } from '../components/StudentDialogs.tsx';
import { ageText } from '../../../lib/dates.ts';
import { canMarkBabyBorn, hasHomeVisits, sexText } from '../student-form.ts';
import { failedPanel, lazyPart } from '../../../components/LazyPart.tsx';

/** The growth charts (and recharts with them) load only with this page. */
const GrowthCharts = lazyPart(() => import('../../growth/components/GrowthCharts.tsx'), 'The growth charts');
const growthFailed = failedPanel('The growth charts');

function StudentInformation({ student }: { student: StudentDetail }) {
  const teacher = student.assignedTeacher;
  return (
    <DetailPanel title="Student Information">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg" verticalSpacing="md">
        <DetailItem label="Student ID">{student.studentId}</DetailItem>
        <DetailItem label="Category">{CATEGORY_LABELS[student.category]}</DetailItem>
        {student.isPregnant ? (
          <>
            <DetailItem label="Mother's age">
              {student.motherAge !== null && ageText(student.motherAge)}
            </DetailItem>
            <DetailItem label="Pregnancy months">{student.pregnancyMonths}</DetailItem>
            <DetailItem label="Expected due date" fallback="Not set">
              {formatDate(student.expectedDueDate)}
            </DetailItem>
          </>
        ) : (
          <>
            <DetailItem label="Date of birth">{formatDate(student.dateOfBirth)}</DetailItem>
            <DetailItem label="Age">{ageText(student.age)}</DetailItem>
            <DetailItem label="Sex">{sexText(student.sex)}</DetailItem>
          </>
        )}
        {student.isBabyBorn && (
          <DetailItem label="Birth date">{formatDate(student.actualBirthDate)}</DetailItem>
        )}
        <DetailItem label="Parent name">{student.parentName}</DetailItem>
        <DetailItem label="Parent phone">
          {student.parentPhone && (
            <Anchor href={`tel:${student.parentPhone}`} size="sm">
              {student.parentPhone}
            </Anchor>
          )}
        </DetailItem>
        <DetailItem label="Parent email">
          {student.parentEmail && (
            <Anchor href={`mailto:${student.parentEmail}`} size="sm">
              {student.parentEmail}
            </Anchor>
          )}
        </DetailItem>
        <DetailItem label="Assigned teacher" fallback="Not assigned">
          {teacher && personName(teacher)}
        </DetailItem>
        <DetailItem label="Address">{student.address}</DetailItem>
        <DetailItem label="Registered">{formatDate(student.createdAt)}</DetailItem>
      </SimpleGrid>
      <Stack gap={2} mt="md">
        <DetailItem label="Medical information">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {student.medicalInfo || 'None recorded'}
          </Text>
        </DetailItem>
      </Stack>
    </DetailPanel>
  );
}

function HomeLocation({ student }: { student: StudentDetail }) {
  const { homeLatitude: lat, homeLongitude: lng } = student;
  if (lat === null || lng === null) return null;
  return (
    <DetailPanel title="Home Location">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconMapPin size={20} color="var(--mantine-color-teal-7)" aria-hidden style={{ flexShrink: 0 }} />
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {student.homeLocationName || 'Home'}
            </Text>
            <Text size="sm" c="dimmed" ff="monospace">
              {coordinatesText(lat, lng)}
            </Text>
          </div>
        </Group>
        <Anchor
          href={mapsUrl(lat, lng)}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          fw={600}
          w="fit-content"
        >
          <Group gap={4} wrap="nowrap">
            View on Google Maps
            <IconExternalLink size={14} aria-hidden />
          </Group>
        </Anchor>
      </Stack>
    </DetailPanel>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      py={8}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Text size="sm">{label}</Text>
      <Text fw={700} fz="lg" lh={1}>
        {value}
      </Text>
    </Group>
  );
}

/** The counts, the latest measurement and the ways to record more for this student. */
function QuickStats({ student }: { student: StudentDetail }) {
  const me = useCurrentUser();
  const latest = student.measurements[0];
  const forStudent = `studentId=${encodeURIComponent(student.id)}`;
  return (
    <DetailPanel title="Quick Stats">
      <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        <Stat label="Activities" value={student.activities.length} />
        <Stat label="Measurements" value={student.measurements.length} />
        {hasHomeVisits(student.category) && <Stat label="Home Visits" value={student.homeVisits.length} />}
      </Stack>
      {latest && (
        <Text size="sm" mt="sm">
          Latest measurement:{' '}
          <Anchor component={Link} to={`/measurements/${latest.id}`} size="sm" fw={600}>
            {heightText(latest.height)} · {weightText(latest.weight)}
          </Anchor>{' '}
          <Text span size="sm" c="dimmed">
            on {formatDate(latest.date)}
          </Text>
        </Text>
      )}
      <Group gap="xs" mt="md">
        {me.role === 'TEACHER' && (
          <Button
            component={Link}
            to={`/activities/create?${forStudent}`}
            variant="light"
            size="xs"
            leftSection={<IconPalette size={14} aria-hidden />}
          >
            Record Activity
          </Button>
        )}
        <Button
          component={Link}
          to={`/measurements/create?${forStudent}`}
          variant="light"
          size="xs"
          leftSection={<IconRuler2 size={14} aria-hidden />}
        >
          Record Measurement
        </Button>
      </Group>
    </DetailPanel>
  );
}

function RecentActivity({ student }: { student: StudentDetail }) {
  const recent = student.activities.slice(0, STUDENT_LIMITS.recentActivityCount);
  return (
    <DetailPanel title="Recent Activity">
      {recent.length === 0 ? (
        <Text size="sm" c="dimmed">
          No activities recorded yet.
        </Text>
      ) : (
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {recent.map((a, i) => (
            <li
              key={a.id}
              style={{
                padding: '10px 0',
                borderTop: i > 0 ? '1px solid var(--mantine-color-default-border)' : undefined,
              }}
            >
              <Anchor component={Link} to={`/activities/${a.id}`} size="sm" fw={600}>
                {a.title}
              </Anchor>
              <Text size="xs" c="dimmed">
                {formatDate(a.date)} · {durationText(a.duration)}
                {a.teacher ? ` · ${personName(a.teacher)}` : ''}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </DetailPanel>
  );
}

function StudentDetailView({ student }: { student: StudentDetail }) {
  const me = useCurrentUser();
  const isAdmin = me.role === 'ADMIN';
  const [deleting, deleteDialog] = useDisclosure(false);
  const [birthing, birthDialog] = useDisclosure(false);
  const babyBorn = canMarkBabyBorn(student);

  return (
    <Stack gap="lg" maw={1100}>
      <BackLink to="/students">Back to Students</BackLink>
      <RecordHeader
        title={personName(student)}
        avatar={
          <Avatar radius="xl" size={64} color={CATEGORY_COLORS[student.category]} aria-hidden>
            {initialsOf(student.firstName, student.lastName)}
          </Avatar>
        }
        actions={
          <>
            {babyBorn && (
              <Button
                color="pink"
                onClick={birthDialog.open}
                leftSection={<IconBabyCarriage size={18} aria-hidden />}
              >
                Baby Born
              </Button>
            )}
            <EditButton to={`/students/${student.id}/edit`} />
            {isAdmin && <DeleteButton onClick={deleteDialog.open} />}
          </>
        }
      >
        <Group gap={6}>
          <StudentAgeLine student={student} />
          <CategoryBadge category={student.category} />
          <ActiveBadge isActive={student.isActive} />
        </Group>
      </RecordHeader>

      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="lg">
            <StudentInformation student={student} />
            <HomeLocation student={student} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Stack gap="lg">
            <QuickStats student={student} />
            <RecentActivity student={student} />
          </Stack>
        </Grid.Col>
      </Grid>

      <GrowthCharts
        studentId={student.id}
        loading={
          <DetailPanel title="Growth">
            <PageLoader label="Loading growth charts" />
          </DetailPanel>
        }
        failed={(retry) => <DetailPanel title="Growth">{growthFailed(retry)}</DetailPanel>}
      />

      <HistoryPanel entity="student" entityId={student.id} />

      {isAdmin && <DeleteStudentDialog student={student} opened={deleting} onClose={deleteDialog.close} />}
      {babyBorn && <BabyBornDialog student={student} opened={birthing} onClose={birthDialog.close} />}
    </Stack>
  );
}

/** /students/{id} (spec part 1 §2 "Students"). */
export function StudentDetailPage() {
  const { id = '' } = useParams();
  return (
    <RecordPage
      query={useStudentQuery(id)}
      title="Student Details"
      loadingLabel="Loading student"
      notFound={STUDENT_NOT_FOUND}
    >
      {(student) => <StudentDetailView student={student} />}
    </RecordPage>
  );
}
