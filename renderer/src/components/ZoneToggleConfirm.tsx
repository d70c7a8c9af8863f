import { useZonesStore } from '../stores/zones-store';
import { ConfirmPanel } from './ConfirmPanel';

/** The pending "disable a zone with open connections?" question: about `zoneId`, or about any zone when it is left out. */
export function ZoneToggleConfirm({ zoneId }: { zoneId?: string }) {
  const { confirming, confirmToggle, cancelToggle } = useZonesStore();
  if (!confirming || (zoneId !== undefined && confirming.zone.zone_id !== zoneId)) return null;
  const { ask } = confirming;
  return (
    <ConfirmPanel title={ask.message} confirmLabel={ask.confirmLabel} danger onConfirm={() => void confirmToggle()} onCancel={cancelToggle}>
      <p>{ask.detail}</p>
    </ConfirmPanel>
  );
}
