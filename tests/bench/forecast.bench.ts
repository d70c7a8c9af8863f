// `npm run bench -- forecast`: the month-end forecast's backtest (docs/architecture.md › Month-end
// forecast). For seeds never used while tuning (docs/service.md › Traffic over weeks), the local
// service seeds 13 months and more of per-day counters; on every day of 12 months the app's own
// ledger holds the days before it (as the demo's backfill builds it) and the app's forecast, its
// old 24-hour-rate projection and the month-to-date pace are compared with the month's true total
// (tests/integration/forecast/forecast-replay.ts). FORECAST_SEEDS=1,2,3,4,5,6 replays the tuning seeds instead.
import { performance } from 'node:perf_hooks';
import { replayAnomalies, score } from '../integration/anomalies/anomaly-replay';
import { mulberry32 } from '../../electron/service/prng';
import { byMonth, errorGoalResampled, goalsMet, replayForecasts, scoreForecasts } from '../integration/forecast/forecast-replay';
import { BACKTEST_SEEDS, replayedMonths, serviceYear } from '../integration/history/service-year';

const SEEDS = process.env['FORECAST_SEEDS']?.split(',').map(Number) ?? [...BACKTEST_SEEDS];
const MONTHS = replayedMonths().map((month) => month.first);
const RESAMPLES = 1000;
const percent = (share: number, digits: number) => (100 * share).toFixed(digits);

const started = performance.now();
const replays = SEEDS.map((seed) => replayForecasts(serviceYear(seed).days, MONTHS));
const outcomes = replays.flat();
const scored = scoreForecasts(outcomes);
for (const day of scored.days) {
  const forecast = percent(day.forecast, 2);
  console.log(`bench: forecast median absolute error, day ${day.dom} of the month = ${forecast} % (naive ${percent(day.naive, 2)} %)`);
  console.log(`bench: forecast median absolute error, day ${day.dom} of the month = ${forecast} % (pace ${percent(day.pace, 2)} %)`);
}
console.log(`bench: forecast 80 % range held the month total = ${percent(scored.held, 1)} % of forecasts`);
for (const third of scored.heldByThird) console.log(`bench: forecast range held, ${third.name} = ${percent(third.held, 1)} %`);
console.log(`bench: forecast misses above / below the range = ${scored.above} / ${scored.below}`);
console.log(`bench: forecast replay = ${scored.count} forecasts, seeds ${SEEDS.join(', ')}, ${((performance.now() - started) / 1000).toFixed(1)} s`);
const beaten = scored.beatenOn.length === 0 ? '' : ` (not below both on day ${scored.beatenOn.join(', ')})`;
// The error goal rests on medians of a few dozen forecasts a day: how often it holds for the same months drawn again.
const resampled = errorGoalResampled(replays.flatMap(byMonth), RESAMPLES, mulberry32(1));
console.log(`bench: forecast error goal met in resampled months = ${percent(resampled, 1)} % of ${RESAMPLES} draws`);
console.log(`bench: forecast goals (error below the naive projection and the pace to the last day − 3; range held 70–90 % in each third; misses above and below within × 2) = ${goalsMet(scored) ? 'met' : 'NOT met'}${beaten}`);
// docs/architecture.md › Daily anomalies: 90 days with injected anomalies per seed, each day judged as it closed.
const anomalies = score(SEEDS.map(replayAnomalies));
console.log(`bench: anomalies precision = ${anomalies.precision.toFixed(2)}, recall = ${anomalies.recall.toFixed(2)}`);
console.log(`bench: anomalies found = ${anomalies.foundCount} days, injected found with their cause = ${anomalies.injectedFound} of ${anomalies.injectedCount}`);
