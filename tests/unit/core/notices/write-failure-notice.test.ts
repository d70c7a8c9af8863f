import { describe, expect, it } from 'vitest';
import type { NoticeInput } from '../../../../electron/core/notices/app-notices';
import { writeFailureTeller } from '../../../../electron/core/notices/write-failure-notice';
import { diskError } from '../../../integration/core/failing-disk';

// docs/architecture.md › Notices: a data folder that refuses writes is said once, whichever store meets it first.

function teller() {
  const raised: NoticeInput[] = [];
  let now = Date.parse('2026-11-21T10:00:00Z');
  const watch = writeFailureTeller({ raise: (notice) => (raised.push(notice), true) }, () => (now += 60_000));
  return { watch, raised };
}

describe('the notice of a data folder that refuses writes', () => {
  it('is raised once while stores keep failing, in the words of its cause', () => {
    const { watch, raised } = teller();
    watch.failed('profile-p1-journal', diskError('ENOSPC', 'write', 'x'));
    watch.failed('settings', diskError('ENOSPC', 'write', 'y'));
    watch.failed('profile-p1-journal', diskError('ENOSPC', 'write', 'x'));
    expect(raised).toHaveLength(1);
    expect(raised[0]!.body).toMatch(/^Zonewatch could not write to its data folder — the disk is full\. Until it can, Stop all spend/);
    expect(raised[0]!).toMatchObject({ profileId: null, notify: true });
  });

  it('says a new failure again only once every store that failed has written since', () => {
    const { watch, raised } = teller();
    watch.failed('profile-p1-journal', diskError('EIO', 'write', 'x'));
    watch.failed('settings', diskError('EIO', 'write', 'y'));
    watch.written('profile-p1-journal');
    watch.failed('profile-p1-journal', diskError('EIO', 'write', 'x'));
    expect(raised).toHaveLength(1);
    watch.written('profile-p1-journal');
    watch.written('settings');
    watch.failed('(folder sync)', diskError('EIO', 'fsync', 'dir'));
    expect(raised).toHaveLength(2);
    expect(raised[1]!.key).not.toBe(raised[0]!.key);
    expect(raised[1]!.body).toContain('the disk reported a read or write error (EIO)');
  });

  it('neither raises nor holds the episode open for the notices’ own file', () => {
    const { watch, raised } = teller();
    watch.failed('notices', diskError('ENOSPC', 'write', 'n'));
    expect(raised).toEqual([]);
  });
});
