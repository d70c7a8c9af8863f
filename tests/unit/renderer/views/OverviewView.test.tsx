import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OverviewView } from '../../../../renderer/src/views/OverviewView';
import { fakeApi } from '../fake-api';
import { snapshotWith, zone } from '../samples';

// uPlot measures the screen when imported, which jsdom cannot; the chart is not what this tests.
vi.mock('../../../../renderer/src/components/SpendChart', () => ({ SpendChart: () => null }));

afterEach(cleanup);

const NOW = Date.parse('2026-11-22T10:30:00Z');

describe('OverviewView', () => {
  it('redraws the history after each update but reads the notifications once, since new ones are pushed', async () => {
    const api = fakeApi({ 'history:get': [], 'notifications:list': [] }).install();
    const first = snapshotWith([zone('A1')]);
    const { rerender } = render(<OverviewView snapshot={first} now={NOW} />);
    await screen.findByText('No alerts in the last 24 hours.');
    const next = { ...first, zonesFetch: { ...first.zonesFetch, fetchedAt: '2026-11-22T10:31:00Z' } };
    rerender(<OverviewView snapshot={next} now={NOW} />);
    await waitFor(() => expect(api.callsTo('history:get')).toHaveLength(2));
    expect(api.callsTo('notifications:list')).toHaveLength(1);
  });
});
