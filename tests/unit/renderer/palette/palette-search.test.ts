import { describe, expect, it } from 'vitest';
import { paletteItems, zoneActionItems } from '../../../../renderer/src/model/palette-items';
import { paletteIndex, searchPalette } from '../../../../renderer/src/model/palette-search';
import { RUNNING_APP } from '../../../../shared/app-state';
import type { PaletteChoice } from '../../../../shared/palette';
import { paletteListOf } from '../../../fixtures/palette';
import { readout } from '../accounts';
import { zone } from '../samples';

const clientA = readout('p1', { label: 'Client A' });
const clientB = readout('p2', { label: 'Client B', color: 'orange' });
const demo = readout('demo', { label: 'Demo account', demo: true, color: 'grey' });
const offline = readout('p3', { label: 'Client C', status: { offline: true } });

const zonesA = [zone('A1SCRAPE', { name: 'scraper eu', network: 'residential' }), zone('A2MOB', { name: 'mobile checkout', network: 'mobile' })];
const zonesB = [zone('B1SCRAPE', { name: 'scraper us', network: 'datacenter' }), zone('B2SEO', { name: 'seo crawler', enabled: false, alert: null })];

function search(query: string, recent: PaletteChoice[] = []) {
  const list = paletteListOf(
    [
      { readout: clientA, zones: zonesA },
      { readout: clientB, zones: zonesB, stopRecord: { stoppedAt: '2026-11-22T10:00:00Z', updatedAt: '2026-11-22T10:00:00Z', disabled: [{ zoneId: 'B2SEO', name: 'seo crawler', spendTodayCents: 0 }], remaining: [] } },
      { readout: demo, zones: [zone('D1', { name: 'demo scraper' })] },
      { readout: offline, zones: [zone('C1', { name: 'catalog feed' })] },
    ],
    recent,
  );
  const items = paletteItems(list, [clientA, clientB, demo, offline], RUNNING_APP);
  return searchPalette(paletteIndex(items), query, list.recent);
}

const titles = (items: { title: string }[]) => items.map((item) => item.title);

describe('the command palette’s search', () => {
  it('finds a zone of any account by its name, its id, its network or its account’s label', () => {
    expect(search('seo crawler')[0]).toMatchObject({ kind: 'zone', title: 'seo crawler', account: { profileId: 'p2', label: 'Client B' } });
    expect(search('B1SCRAPE')[0]).toMatchObject({ title: 'scraper us', account: { profileId: 'p2' } });
    expect(titles(search('mobile checkout'))).toContain('mobile checkout');
    expect(search('residential').filter((item) => item.kind === 'zone').map((item) => item.zone!.zoneId)).toEqual(['A1SCRAPE']);
    expect(search('Client B scraper')[0]).toMatchObject({ title: 'scraper us' });
  });

  it('forgives a typo per word and words in any order', () => {
    expect(titles(search('scarper us'))[0]).toBe('scraper us');
    expect(titles(search('crawler seo'))[0]).toBe('seo crawler');
    expect(titles(search('chekout'))).toContain('mobile checkout');
  });

  it('puts the zone whose whole id was typed first, even where others match it too', () => {
    // "A1SCRAPE" also matches the other scrapers' words loosely; the exact id wins.
    expect(search('a1scrape')[0]!.zone!.zoneId).toBe('A1SCRAPE');
  });

  it('marks the demo’s zones and finds each account’s views and actions', () => {
    expect(search('demo scraper')[0]).toMatchObject({ title: 'demo scraper', account: { demo: true } });
    expect(titles(search('billing client b'))[0]).toBe('Billing of Client B');
    expect(titles(search('stop all spend client a'))[0]).toBe('Stop all spend of Client A…');
    expect(titles(search('pause polling'))).toContain('Pause polling');
    expect(titles(search('add account'))).toContain('Add account…');
    expect(titles(search('alert rules'))[0]).toBe('Settings › Alert rules');
    expect(titles(search('theme'))[0]).toBe('Settings › General');
  });

  it('says each zone’s state and spend today, and why an offline account’s zones cannot change', () => {
    expect(search('seo crawler')[0]!.detail).toMatch(/^B2SEO · Datacenter · off — stopped by Zonewatch · \$[\d.,]+ today$/);
    expect(search('scraper eu')[0]!.detail).toMatch(/· on · /);
    const feed = search('catalog feed')[0]!;
    expect(feed.unavailable).toMatch(/offline/);
    expect(search('scraper eu')[0]!.unavailable).toBeNull();
  });

  it('takes a word typed twice without failing', () => {
    // The needle "scraper scraper" once made uFuzzy's ranking throw on items with the word once.
    expect(titles(search('scraper scraper'))).toEqual(expect.arrayContaining(['scraper eu', 'scraper us', 'demo scraper']));
  });

  it('finds nothing for what matches nothing', () => {
    expect(search('zzqx')).toEqual([]);
  });

  it('lists recent choices first when nothing is typed, skipping those no longer there', () => {
    const items = search('', [
      { id: 'zone:p2:B2SEO', profileId: 'p2' },
      { id: 'zone:p2:GONE', profileId: 'p2' },
      { id: 'app:refreshAll', profileId: null },
    ]);
    expect(items.slice(0, 2).map((item) => item.id)).toEqual(['zone:p2:B2SEO', 'app:refreshAll']);
    expect(items.filter((item) => item.id === 'zone:p2:B2SEO')).toHaveLength(1);
  });

  it('offers a zone’s other actions: Disable, Open detail, Set cap…, Copy credentials, Refresh IPs…', () => {
    const scraper = search('scraper eu')[0]!;
    expect(titles(zoneActionItems(scraper))).toEqual(['Disable scraper eu', 'Open detail', 'Set cap…', 'Copy credentials', 'Refresh IPs…']);
  });
});
