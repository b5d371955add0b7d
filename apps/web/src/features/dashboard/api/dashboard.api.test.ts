import { measurementStatusQuerySchema } from '@csp/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isStatusKey, isStatusOrder } from '../../measurements/measurement-status.ts';
import {
  ageText,
  dashboardApi,
  dashboardKeys,
  LIST_PREVIEW_SIZE,
  overdueText,
  previewParams,
  statusPageLink,
  type PanelStatus,
} from './dashboard.api.ts';

const get = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api.ts', () => ({ api: { get } }));

const PANEL_STATUSES: PanelStatus[] = ['overdue', 'due_soon', 'never_measured'];

beforeEach(() => {
  get.mockReset();
  get.mockResolvedValue({ data: 'answer' });
});

describe('the measurement panel asks for what it shows', () => {
  it('reads the counts from the status summary, for the whole scope', async () => {
    await expect(dashboardApi.measurementSummary()).resolves.toBe('answer');
    expect(get).toHaveBeenCalledExactlyOnceWith('/measurements/status/summary');
  });

  it('reads one page of 5 of each list, soonest due first, never the whole list', async () => {
    for (const status of PANEL_STATUSES) {
      get.mockClear();
      await expect(dashboardApi.measurementPreview(status)).resolves.toBe('answer');
      expect(get).toHaveBeenCalledExactlyOnceWith('/measurements/status/all', {
        params: { status, order: 'due', page: 1, limit: 5 },
      });
    }
    expect(LIST_PREVIEW_SIZE).toBe(5);
  });

  it('sends a query the API accepts', () => {
    for (const status of PANEL_STATUSES) {
      const params = Object.fromEntries(
        Object.entries(previewParams(status)).map(([k, v]) => [k, String(v)]),
      );
      expect(measurementStatusQuerySchema.safeParse(params).success, status).toBe(true);
    }
  });

  it("links each list's 'Show all' to the status page filtered on its status, in the list's order", () => {
    expect(statusPageLink('overdue')).toBe('/measurements/status?status=overdue&order=due');
    expect(statusPageLink('due_soon')).toBe('/measurements/status?status=due_soon&order=due');
    expect(statusPageLink('never_measured')).toBe('/measurements/status?status=never_measured&order=due');
    // The status page reads the filter and the order from the address and knows each of them.
    for (const status of PANEL_STATUSES) {
      const address = new URL(statusPageLink(status), 'http://app.test');
      expect(address.pathname).toBe('/measurements/status');
      expect(isStatusKey(address.searchParams.get('status'))).toBe(true);
      expect(isStatusOrder(address.searchParams.get('order'))).toBe(true);
      expect(address.searchParams.get('order')).toBe(previewParams(status).order);
    }
  });

  it('keeps each list under the dashboard key that measurements and students invalidate', () => {
    for (const status of PANEL_STATUSES) {
      expect(dashboardKeys.measurementPreview(status).slice(0, 1)).toEqual(dashboardKeys.all);
    }
    expect(dashboardKeys.measurementSummary().slice(0, 1)).toEqual(dashboardKeys.all);
    expect(new Set(PANEL_STATUSES.map((s) => JSON.stringify(dashboardKeys.measurementPreview(s)))).size).toBe(
      3,
    );
  });
});

describe('texts', () => {
  it('counts days and years', () => {
    expect(overdueText(1)).toBe('Overdue by 1 day');
    expect(overdueText(12)).toBe('Overdue by 12 days');
    expect(ageText(0)).toBe('Age: 0 years');
    expect(ageText(1)).toBe('Age: 1 year');
  });
});
