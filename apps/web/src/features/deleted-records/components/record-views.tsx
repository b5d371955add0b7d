import type { DeletedKind } from '@csp/contracts';
import { Badge, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDate, formatDateTime } from '../../../lib/dates.ts';
import { RoleBadge } from '../../users/components/UserBadges.tsx';
import type { DeletedRowOf } from '../api/deleted-records.api.ts';
import {
  categoryText,
  measureText,
  minutesText,
  personText,
  studentText,
  visitStatusText,
} from '../deleted-records-display.ts';

export interface Column<T> {
  label: string;
  cell: (row: T) => ReactNode;
  /** Keeps the cell on one line in the table (dates, figures, badges). */
  nowrap?: boolean;
  /** Takes the card's full width on phones (long texts: an email, a student with their id, notes). */
  wide?: boolean;
}

/** How one kind's rows read: what leads each record, and its other facts (cards show the same). */
export interface RecordView<T> {
  /** The record's name in dialogs and for assistive technology: a person, a title, a student and a date. */
  name: (row: T) => string;
  /** The heading of the leading column ('Name', 'Title', 'Student'). */
  leadLabel: string;
  /** The leading fact: the table's first column and the card's heading. */
  lead: (row: T) => string;
  /** The facts after it, in the spec's order (part 2 §2.7); the deleted time comes last. */
  columns: Column<T>[];
}

const VISIT_COLORS = { PENDING: 'yellow', APPROVED: 'green', REJECTED: 'red' } as const;

const deletedColumn = <T extends { deletedAt: string }>(): Column<T> => ({
  label: 'Deleted',
  cell: (row) => formatDateTime(row.deletedAt),
  nowrap: true,
});

const studentName = (s: { firstName: string; lastName: string }) => `${s.firstName} ${s.lastName}`;

/** The five kinds' views (spec part 2 §2.7 'Row content'; home visits as decision 0010 adds them). */
export const RECORD_VIEWS: { [K in DeletedKind]: RecordView<DeletedRowOf[K]> } = {
  users: {
    name: (u) => `${u.firstName} ${u.lastName}`,
    leadLabel: 'Name',
    lead: (u) => `${u.firstName} ${u.lastName}`,
    columns: [
      { label: 'Email', cell: (u) => u.email, wide: true },
      { label: 'Role', cell: (u) => <RoleBadge role={u.role} />, nowrap: true },
      deletedColumn(),
    ],
  },
  students: {
    name: (s) => `${s.firstName} ${s.lastName}`,
    leadLabel: 'Name',
    lead: (s) => `${s.firstName} ${s.lastName}`,
    columns: [
      { label: 'Student ID', cell: (s) => s.studentId, nowrap: true },
      { label: 'Category', cell: (s) => categoryText(s.category), nowrap: true },
      { label: 'Assigned teacher', cell: (s) => personText(s.assignedTeacher, 'Unassigned') },
      deletedColumn(),
    ],
  },
  activities: {
    name: (a) => a.title,
    leadLabel: 'Title',
    lead: (a) => a.title,
    columns: [
      { label: 'Student', cell: (a) => studentText(a.student), wide: true },
      { label: 'Date', cell: (a) => formatDate(a.date), nowrap: true },
      { label: 'Duration', cell: (a) => minutesText(a.duration), nowrap: true },
      { label: 'Teacher', cell: (a) => personText(a.teacher) },
      deletedColumn(),
    ],
  },
  measurements: {
    name: (m) => `${studentName(m.student)}, ${formatDate(m.date)}`,
    leadLabel: 'Student',
    lead: (m) => studentText(m.student),
    columns: [
      { label: 'Height', cell: (m) => measureText(m.height, 'cm'), nowrap: true },
      { label: 'Weight', cell: (m) => measureText(m.weight, 'kg'), nowrap: true },
      { label: 'Date', cell: (m) => formatDate(m.date), nowrap: true },
      { label: 'Measured by', cell: (m) => personText(m.measuredBy) },
      {
        label: 'Notes',
        cell: (m) =>
          m.notes ? (
            <Text size="sm" lineClamp={2} title={m.notes}>
              {m.notes}
            </Text>
          ) : (
            '—'
          ),
        wide: true,
      },
      deletedColumn(),
    ],
  },
  'home-visits': {
    name: (v) => `${studentName(v.student)}, ${formatDate(v.visitDate)}`,
    leadLabel: 'Student',
    lead: (v) => studentText(v.student),
    columns: [
      { label: 'Visit date', cell: (v) => formatDate(v.visitDate), nowrap: true },
      { label: 'Duration', cell: (v) => minutesText(v.duration), nowrap: true },
      {
        label: 'Status',
        cell: (v) => (
          <Badge variant="light" color={VISIT_COLORS[v.status]}>
            {visitStatusText(v.status)}
          </Badge>
        ),
        nowrap: true,
      },
      { label: 'Teacher', cell: (v) => personText(v.teacher) },
      deletedColumn(),
    ],
  },
};
