import type { Student } from '@csp/contracts';
import { Avatar, Group, SimpleGrid, Text } from '@mantine/core';
import { DetailItem } from '../../../components/DetailItem.tsx';
import { RecordCard } from '../../../components/RecordCard.tsx';
import { initialsOf } from '../../../components/UserAvatar.tsx';
import { personName } from '../../../lib/person-name.ts';
import { latestVisitStatus, studentAgeLine } from '../student-form.ts';
import { ActiveBadge, CategoryBadge, CATEGORY_COLORS } from './StudentBits.tsx';
import { VisitStatusBadge } from '../../../components/VisitStatusBadge.tsx';

/** One student on /students (spec part 1 §2 "Students"). */
export function StudentCard({ student }: { student: Student }) {
  const name = personName(student);
  const visit = latestVisitStatus(student);
  return (
    <RecordCard label={name} detailsTo={`/students/${student.id}`}>
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Avatar radius="xl" size={44} color={CATEGORY_COLORS[student.category]} aria-hidden>
          {initialsOf(student.firstName, student.lastName)}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Text fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Text size="sm" c="dimmed">
            {studentAgeLine(student)}
          </Text>
        </div>
      </Group>
      <Group gap={6}>
        <CategoryBadge category={student.category} />
        <ActiveBadge isActive={student.isActive} />
      </Group>
      <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
        <DetailItem label="Student ID">{student.studentId}</DetailItem>
        <DetailItem label="Parent">{student.parentName}</DetailItem>
        <DetailItem label="Teacher">
          {student.assignedTeacher ? personName(student.assignedTeacher) : 'Not assigned'}
        </DetailItem>
        <DetailItem label="Home visit">
          {visit ? (
            <VisitStatusBadge status={visit} short />
          ) : (
            <Text span size="sm" c="dimmed">
              No visits
            </Text>
          )}
        </DetailItem>
      </SimpleGrid>
    </RecordCard>
  );
}
