import type { AlertSettings } from '../../../shared/alert-settings';
import type { AlertInput, EvaluationState, EventDraft } from './alert-input';
import type { AlertMemory } from './alert-memory';

/** Everything a rule may look at; rules are pure functions of it. */
export interface RuleContext {
  previous: EvaluationState;
  input: AlertInput;
  settings: AlertSettings;
  memory: AlertMemory;
  now: number;
}

/**
 * An event that fires at most once per key (a threshold in a UTC day or month, an expiry date…).
 * `alsoMarks` are keys it stands for: crossing $10 and $50 in one cycle says only "$50" but
 * must not say "$10" a minute later.
 */
export interface OnceEvent {
  draft: EventDraft;
  alsoMarks?: string[];
}
