import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppNotices, emptyNoticesFile, MAX_NOTICES, NoticesFile, type NoticeInput } from '../../../../electron/core/notices/app-notices';
import { createLogger, createMemorySink } from '../../../../electron/core/diagnostics/logger';
import type { Notifier } from '../../../../electron/core/ports';
import { confStoreFactory, openDocument } from '../../../../electron/core/storage/persistence';
import type { Notice } from '../../../../shared/notices';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-notices-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const logger = createLogger({ sink: createMemorySink() });
const at = Date.parse('2026-11-05T10:20:30.000Z');

/** The notices over the app's own file in `dir`, as one start of the app sees them. */
function start() {
  const shown: Parameters<Notifier['show']>[0][] = [];
  const published: Notice[][] = [];
  let id = 0;
  const notices = createAppNotices({
    doc: openDocument(confStoreFactory(dir), 'notices', NoticesFile, emptyNoticesFile, logger, { now: () => at, onSetAside: () => undefined }),
    notifier: { show: (notification) => void shown.push(notification) },
    clock: { now: () => at },
    logger,
    publish: (list) => void published.push(list),
    newId: () => `n${++id}-${published.length}`,
  });
  return { notices, shown, published };
}

const damaged = (file: string, notify = false): NoticeInput => ({
  key: `set-aside:${file}`,
  profileId: 'p1',
  title: 'The spend-stop record could not be read',
  body: `It was set aside as ${file}.`,
  notify,
});

describe('app notices', () => {
  it('keeps a notice across restarts until it is dismissed, and tells the window each change', () => {
    const first = start();
    expect(first.notices.raise(damaged('a.corrupt-1'))).toBe(true);
    expect(first.published.at(-1)).toMatchObject([{ title: 'The spend-stop record could not be read', profileId: 'p1', at: '2026-11-05T10:20:30.000Z' }]);

    const second = start();
    const [notice] = second.notices.list();
    expect(notice?.body).toBe('It was set aside as a.corrupt-1.');
    expect(second.notices.dismiss(notice!.id)).toEqual([]);
    expect(second.published).toEqual([[]]);
    expect(start().notices.list()).toEqual([]);
  });

  it('raises a key once: the same event again (a restart that reads the same damage) says nothing new, dismissed or not', () => {
    const app = start();
    app.notices.raise(damaged('a.corrupt-1'));
    expect(app.notices.raise(damaged('a.corrupt-1'))).toBe(false);
    expect(app.notices.list()).toHaveLength(1);
    app.notices.dismiss(app.notices.list()[0]!.id);

    const later = start();
    expect(later.notices.raise(damaged('a.corrupt-1'))).toBe(false);
    expect(later.notices.list()).toEqual([]);
    // A new damage is a new event, with its own key: it shows again.
    expect(later.notices.raise(damaged('a.corrupt-2'))).toBe(true);
    expect(later.notices.list().map((n) => n.body)).toEqual(['It was set aside as a.corrupt-2.']);
  });

  it('sends a notification only for a notice that asks for one, and only when it is new', () => {
    const app = start();
    app.notices.raise(damaged('settings.corrupt-1'));
    app.notices.raise(damaged('stop.corrupt-1', true));
    app.notices.raise(damaged('stop.corrupt-1', true));
    expect(app.shown).toEqual([
      expect.objectContaining({ title: 'The spend-stop record could not be read', body: 'It was set aside as stop.corrupt-1.', target: { view: 'overview', profileId: 'p1' }, action: null }),
    ]);
  });

  it('leaves the list as it is for an unknown id', () => {
    const app = start();
    app.notices.raise(damaged('a'));
    expect(app.notices.dismiss('nosuch')).toHaveLength(1);
  });

  it('keeps the newest notices when a fault repeats without end', () => {
    const app = start();
    for (let i = 0; i < MAX_NOTICES + 5; i++) app.notices.raise(damaged(`f${i}`));
    const list = app.notices.list();
    expect(list).toHaveLength(MAX_NOTICES);
    expect(list.at(-1)?.body).toBe(`It was set aside as f${MAX_NOTICES + 4}.`);
  });
});
