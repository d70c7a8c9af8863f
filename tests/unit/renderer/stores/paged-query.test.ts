import { describe, expect, it } from 'vitest';
import { create } from 'zustand';
import type { Result } from '../../../../shared/ipc';
import { type PagedQueryState, pagedQuerySlice } from '../../../../renderer/src/stores/paged-query';

type Query = { search: string; page: number };

/** A store over a fetch whose answers the test releases one by one, in any order. */
function storeWithHeldAnswers() {
  const asked: { query: Query; answer(result: Result<string>): void }[] = [];
  const fetch = (query: Query) => new Promise<Result<string>>((answer) => asked.push({ query, answer }));
  const store = create<PagedQueryState<Query, string>>()((set, get) => pagedQuerySlice(set, get, { search: '', page: 1 }, fetch));
  return { store, asked };
}

describe('a paged query store', () => {
  it('starts again at page 1 when anything but the page changes, and loads that query', async () => {
    const { store, asked } = storeWithHeldAnswers();
    void store.getState().setQuery({ page: 3 });
    void store.getState().setQuery({ search: 'acme' });
    expect(asked.map((a) => a.query)).toEqual([
      { search: '', page: 3 },
      { search: 'acme', page: 1 },
    ]);
    expect(store.getState().loading).toBe(true);
  });

  it('drops the answer to a query that has since changed, so a slow page 2 does not replace page 3', async () => {
    const { store, asked } = storeWithHeldAnswers();
    const first = store.getState().setQuery({ page: 2 });
    const second = store.getState().setQuery({ page: 3 });
    asked[1]!.answer({ ok: true, value: 'page 3' });
    await second;
    asked[0]!.answer({ ok: true, value: 'page 2' });
    await first;
    expect(store.getState()).toMatchObject({ view: 'page 3', loading: false, error: null });
  });

  it('keeps the last page on a failure and says what went wrong', async () => {
    const { store, asked } = storeWithHeldAnswers();
    const ok = store.getState().load();
    asked[0]!.answer({ ok: true, value: 'page 1' });
    await ok;
    const failed = store.getState().setQuery({ page: 2 });
    asked[1]!.answer({ ok: false, error: { kind: 'network', message: 'offline' } });
    await failed;
    expect(store.getState()).toMatchObject({ view: 'page 1', loading: false, error: { kind: 'network', message: 'offline' } });
  });
});
