import { ALERT_RULES } from '../../../shared/alert-settings';
import { type Route, type RouteKey, routeOf, type Routing, ROUTE_KEYS } from '../../../shared/channels';
import { RULE_LABEL } from './alert-fields';

// Where each alert goes (docs/desktop.md › Channels): the settings form's routing part, as pure
// changes of `settings.routing`. A key without a route is the desktop only, as main reads it.

const EXTRA_LABEL: Readonly<Record<Exclude<RouteKey, (typeof ALERT_RULES)[number]>, string>> = {
  keyRejected: 'An API key is rejected',
  digestDaily: 'The daily summary',
  digestWeekly: 'The weekly summary',
  interrupted: 'A Stop all spend or caps change was interrupted (found at start)',
};

export function routeLabel(key: RouteKey): string {
  return key in EXTRA_LABEL ? EXTRA_LABEL[key as keyof typeof EXTRA_LABEL] : RULE_LABEL[key as (typeof ALERT_RULES)[number]];
}

const withRoute = (routing: Routing, key: RouteKey, route: Route): Routing => ({ ...routing, routes: { ...routing.routes, [key]: route } });

export function setDesktop(routing: Routing, key: RouteKey, on: boolean): Routing {
  return withRoute(routing, key, { ...routeOf(routing, key), desktop: on });
}

export function setChannel(routing: Routing, key: RouteKey, channelId: string, on: boolean): Routing {
  const route = routeOf(routing, key);
  const channels = route.channels.filter((id) => id !== channelId);
  return withRoute(routing, key, { ...route, channels: on ? [...channels, channelId] : channels });
}

export function setUrgent(routing: Routing, key: RouteKey, on: boolean): Routing {
  const urgent = routing.urgent.filter((k) => k !== key);
  return { ...routing, urgent: on ? [...urgent, key] : urgent };
}

/** One spelling of a routing: default routes left out, lists in a fixed order; two equal routings compare equal. */
export function normalRouting(routing: Routing): Routing {
  const routes: Routing['routes'] = {};
  for (const key of ROUTE_KEYS) {
    const route = routing.routes[key];
    if (route === undefined || (route.desktop && route.channels.length === 0)) continue;
    routes[key] = { desktop: route.desktop, channels: [...new Set(route.channels)].sort() };
  }
  return { routes, urgent: ROUTE_KEYS.filter((key) => routing.urgent.includes(key)) };
}

/** Where a route goes, in a few words: "Desktop, Team Slack · urgent", or "Nowhere". Channels gone are left out. */
export function routeSummary(route: Route, urgent: boolean, channels: readonly { id: string; name: string }[]): string {
  const names = channels.filter((c) => route.channels.includes(c.id)).map((c) => c.name);
  const where = [...(route.desktop ? ['Desktop'] : []), ...names];
  return `${where.length === 0 ? 'Nowhere' : where.join(', ')}${urgent ? ' · urgent' : ''}`;
}

/** The routing without channels that are gone (removed in this window while the form was open). */
export function keepChannels(routing: Routing, channelIds: readonly string[]): Routing {
  const routes = Object.fromEntries(Object.entries(routing.routes).map(([key, route]) => [key, { ...route, channels: route.channels.filter((id) => channelIds.includes(id)) }]));
  return { ...routing, routes };
}
