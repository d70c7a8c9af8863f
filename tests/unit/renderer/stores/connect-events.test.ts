import { afterEach, describe, expect, it } from 'vitest';
import { connectEvents } from '../../../../renderer/src/stores/connect-events';
import { useSnapshotStore } from '../../../../renderer/src/stores/snapshot-store';
import { sampleStatus } from '../../../fixtures/app-samples';
import { fakeApi } from '../fake-api';

let disconnect = () => {};
afterEach(() => disconnect());

const profile = (id: string) => ({ id, label: id, baseUrl: 'https://api.example.test', demo: false });

describe('connectEvents', () => {
  it('reads the snapshot and the notifications of the new account when the profile changes', () => {
    const api = fakeApi().install();
    useSnapshotStore.setState({ status: sampleStatus({ profile: profile('a') }) });
    disconnect = connectEvents();
    api.emit('status', sampleStatus({ profile: profile('a') }));
    expect(api.callsTo('notifications:list')).toHaveLength(0);
    api.emit('status', sampleStatus({ profile: profile('b') }));
    expect(api.callsTo('snapshot:get')).toHaveLength(1);
    expect(api.callsTo('notifications:list')).toHaveLength(1);
  });
});
