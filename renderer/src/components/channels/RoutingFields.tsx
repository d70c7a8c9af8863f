import { useId, useState } from 'react';
import type { ChannelView, RouteKey, Routing } from '../../../../shared/channels';
import { ROUTE_KEYS, routeOf } from '../../../../shared/channels';
import { routeLabel, routeSummary, setChannel, setDesktop, setUrgent } from '../../model/routing-form';

type Props = {
  routing: Routing;
  /** The channels there are; null while they load. */
  channels: readonly ChannelView[] | null;
  onChange: (routing: Routing) => void;
};

/**
 * Where each rule, the digests and an interrupted run go: the desktop, any channels, or both; and
 * which are urgent (sent to channels in quiet hours too). One line each, saying where it goes; its
 * choices open under it. Part of the settings form, saved with it.
 */
export function RoutingFields({ routing, channels, onChange }: Props) {
  const [open, setOpen] = useState<RouteKey | null>(null);
  const uid = useId();
  return (
    <>
      {channels !== null && channels.length === 0 && <p className="muted small">Add a channel under Channels below to send alerts to Slack, Discord, Telegram, ntfy or a webhook as well.</p>}
      <ul className="routes" aria-label="Where each alert goes">
        {ROUTE_KEYS.map((key) => {
          const route = routeOf(routing, key);
          const urgent = routing.urgent.includes(key);
          const label = routeLabel(key);
          const panel = `${uid}-${key}`;
          const summary = routeSummary(route, urgent, channels ?? []);
          return (
            <li key={key} className="route">
              <div className="route-head">
                <span className="route-label">{label}</span>
                <span className={summary.startsWith('Nowhere') ? 'route-where field-error' : 'route-where muted'}>{summary}</span>
                <button type="button" className="link small" aria-label={`Change where “${label}” goes`} aria-expanded={open === key} aria-controls={panel} onClick={() => setOpen(open === key ? null : key)}>
                  Change
                </button>
              </div>
              {open === key && (
                <fieldset id={panel} className="route-choices">
                  <legend className="visually-hidden">Where “{label}” goes</legend>
                  <label className="check">
                    <input type="checkbox" checked={route.desktop} onChange={(e) => onChange(setDesktop(routing, key, e.target.checked))} /> Desktop
                  </label>
                  {(channels ?? []).map((channel) => (
                    <label className="check" key={channel.id}>
                      <input type="checkbox" checked={route.channels.includes(channel.id)} onChange={(e) => onChange(setChannel(routing, key, channel.id, e.target.checked))} /> {channel.name}
                    </label>
                  ))}
                  <label className="check">
                    <input type="checkbox" checked={urgent} onChange={(e) => onChange(setUrgent(routing, key, e.target.checked))} /> Urgent: to channels in quiet hours too
                  </label>
                </fieldset>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
