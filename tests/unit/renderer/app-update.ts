import type { AppUpdate } from '../../../shared/app-update';
import { INITIAL_UPDATE_STATE, type UpdateState } from '../../../electron/core/updates/update-state';
import type { UpdateSupport } from '../../../electron/core/updates/update-support';
import { updateView } from '../../../electron/core/updates/update-view';

/** The update view the core sends for `state`, worked out by the core's own code (electron/core/updates/update-view.ts). */
export function appUpdateOf(state: Partial<UpdateState> = {}, options: { support?: UpdateSupport; automatic?: boolean; offline?: boolean } = {}): AppUpdate {
  return updateView({
    state: { ...INITIAL_UPDATE_STATE, ...state },
    support: options.support ?? { ok: true, method: 'appimage' },
    currentVersion: '1.0.0',
    automatic: options.automatic ?? true,
    offline: options.offline ?? false,
  });
}
